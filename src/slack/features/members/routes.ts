/** Members: `/task members`, `/task invite @person [role]`, `/task role @person ROLE` (loaded on first use). */
import { lazyVerb } from '../../kit/lazy-route.ts';
import type { FeatureRoutes } from '../../kit/routes.ts';

const command = () => import('./members-command.ts');

export const MEMBER_ROUTES: FeatureRoutes = {
  verbs: {
    members: lazyVerb(async () => (await command()).membersHandler),
    invite: lazyVerb(async () => (await command()).inviteHandler),
    role: lazyVerb(async () => (await command()).roleHandler),
  },
};
