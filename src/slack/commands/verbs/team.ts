/**
 * Arguments of the verbs about people and where work lives: invite, members, role, projects and
 * workspaces.
 */
import {
  badArguments,
  describeToken,
  emailFrom,
  personFrom,
  projectFrom,
  roleFrom,
  textOf,
} from '../arguments.ts';
import type { CommandError, Invitee, PersonRef, ProjectRef, TaskIntent } from '../intents.ts';
import type { Token } from '../tokens.ts';
import {
  actionOf,
  idOrName,
  isCommandError,
  isNumberedProject,
  NEW_WORDS,
  projectAndWords,
} from './sub-commands.ts';

export function parseInvite(args: readonly Token[]): TaskIntent | CommandError {
  let invitee: Invitee | null = null;
  let role: InviteRole = null;
  let project: ProjectRef | null = null;
  const once = (what: string) =>
    badArguments('invite', `Give one ${what}, like \`/task invite zoe@example.com viewer #Website\`.`);
  for (const token of args) {
    const email = emailFrom(token);
    const asRole = roleFrom(token);
    const ref = projectFrom(token);
    if (token.kind === 'user' || email) {
      if (invitee) return once('person per invitation');
      invitee =
        token.kind === 'user'
          ? { kind: 'slack', userId: token.userId, name: token.name }
          : { kind: 'email', email: email as string };
    } else if (asRole) {
      if (role) return once('role');
      role = asRole;
    } else if (ref) {
      if (project) return once('project');
      project = ref;
    } else if (token.kind === 'person') {
      if (invitee) return once('person per invitation');
      invitee = { kind: 'name', name: token.name };
    } else {
      return badArguments(
        'invite',
        `“${describeToken(token)}” isn't a person, an email, a role (admin, member, viewer) or a project.`,
      );
    }
  }
  if (!invitee) {
    return badArguments(
      'invite',
      'Say who to invite: mention them (type @ and pick the person) or type their email, like `/task invite zoe@example.com viewer #Website`.',
    );
  }
  return { kind: 'intent', verb: 'invite', invitee, role, project };
}

type InviteRole = ReturnType<typeof roleFrom>;

export function parseMembers(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('members', args, 'members #Website');
  if (isCommandError(split)) return split;
  if (split.words.length > 0) {
    return badArguments('members', 'Name a project only, like `/task members #Website`.');
  }
  return { kind: 'intent', verb: 'members', project: split.project };
}

export function parseRole(args: readonly Token[]): TaskIntent | CommandError {
  let person: PersonRef | null = null;
  let role: InviteRole = null;
  let project: ProjectRef | null = null;
  const usage = 'Try `/task role @ana admin #Website`.';
  for (const token of args) {
    const who = personFrom(token);
    const asRole = roleFrom(token);
    const ref = projectFrom(token);
    if (who) {
      if (person) return badArguments('role', `Change one person's role at a time. ${usage}`);
      person = who;
    } else if (asRole) {
      if (role) return badArguments('role', `Give one role. ${usage}`);
      role = asRole;
    } else if (ref) {
      if (project) return badArguments('role', `Give one project. ${usage}`);
      project = ref;
    } else {
      return badArguments(
        'role',
        `“${describeToken(token)}” isn't a person, a role (admin, member, viewer) or a project. ${usage}`,
      );
    }
  }
  if (!person) return badArguments('role', `Say whose role to change. ${usage}`);
  if (!role) return badArguments('role', `Give the new role: admin, member or viewer. ${usage}`);
  return { kind: 'intent', verb: 'role', person, role, project };
}

const PROJECTS_ACTIONS: Readonly<Record<string, 'all' | 'new' | 'edit' | 'archive'>> = {
  ...NEW_WORDS,
  all: 'all',
  archived: 'all',
  edit: 'edit',
  rename: 'edit',
  archive: 'archive',
};

export function parseProjects(args: readonly Token[]): TaskIntent | CommandError {
  const split = projectAndWords('projects', args, 'projects edit #Website');
  if (isCommandError(split)) return split;
  const [first, ...rest] = split.words;
  const base = { kind: 'intent', verb: 'projects', project: split.project, includeArchived: false } as const;
  if (!first) return { ...base, action: 'list', project: null };
  const action = actionOf(first, PROJECTS_ACTIONS);
  if (action === 'all' && rest.length === 0) return { ...base, action: 'list', includeArchived: true };
  if (action === 'new') {
    // The form asks for the rest; a name typed after `new` (or `#Name`) is its first answer.
    const name = textOf(rest) || (split.project?.kind === 'name' ? split.project.name : '');
    return { ...base, action: 'new', project: null, name: name || null };
  }
  if (action === 'edit' || action === 'archive') {
    // A bare name counts as the project too: `projects archive Operations`.
    if (rest.length > 0 && split.project) return badArguments('projects', 'Give one project.');
    const project = rest.length > 0 ? { kind: 'name' as const, name: textOf(rest) } : split.project;
    return { ...base, action, project };
  }
  return badArguments(
    'projects',
    `“${describeToken(first)}” isn't a projects command: try \`/task projects\`, \`projects all\`, \`projects new\`, \`projects edit #Name\` or \`projects archive #Name\`.`,
  );
}

const WORKSPACES_ACTIONS: Readonly<Record<string, 'new' | 'rename' | 'members'>> = {
  ...NEW_WORDS,
  rename: 'rename',
  edit: 'rename',
  members: 'members',
  people: 'members',
};

export function parseWorkspaces(args: readonly Token[]): TaskIntent | CommandError {
  const words = args.filter((t) => t.kind === 'word' || t.kind === 'quoted' || isNumberedProject(t));
  const stray = args.find((t) => !words.includes(t));
  if (stray) {
    return badArguments(
      'workspaces',
      `“${describeToken(stray)}” doesn't belong there. Try \`/task workspaces members 1\`.`,
    );
  }
  const [first, ...rest] = words;
  const base = { kind: 'intent', verb: 'workspaces', workspace: null } as const;
  if (!first) return { ...base, action: 'list' };
  const action = actionOf(first, WORKSPACES_ACTIONS);
  if (action === 'new' && rest.length === 0) return { ...base, action };
  if (action === 'new') {
    return badArguments(
      'workspaces',
      'The form asks for the new workspace’s name: run `/task workspaces new` alone.',
    );
  }
  if (action === 'rename' || action === 'members') return { ...base, action, workspace: idOrName(rest) };
  return badArguments(
    'workspaces',
    `“${describeToken(first)}” isn't a workspaces command: try \`/task workspaces\`, \`workspaces new\`, \`workspaces rename ID\` or \`workspaces members ID\`.`,
  );
}
