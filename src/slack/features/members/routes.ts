/** Members: `/task members`, `/task invite @person [role]`, `/task role @person ROLE`. */
import type { FeatureRoutes } from '../../kit/routes.ts';
import { inviteHandler, membersHandler, roleHandler } from './members-command.ts';

export const MEMBER_ROUTES: FeatureRoutes = {
  verbs: {
    members: membersHandler,
    invite: inviteHandler,
    role: roleHandler,
  },
};
