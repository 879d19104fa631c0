import type { MindMapNode, Priority } from '../../contract/index.ts';
import type { SandboxDb } from '../db/sandbox-db.ts';
import { addDays, utcDate } from '../domain/dates.ts';
import { insertAutomation } from '../store/automations.ts';
import { insertGoal, insertTarget } from '../store/goals.ts';
import { insertMindMap } from '../store/mind-maps.ts';
import { addProjectMember, insertProject, listStatuses } from '../store/projects.ts';
import { insertSprint } from '../store/sprints.ts';
import { insertTask, setAssignees } from '../store/tasks.ts';
import { dayAt, insertMember, joinWorkspace } from './seed-helpers.ts';

const ANA = 1;
const BEN = 2;
const CHLOE = 3;
const DEV = 4;
const EVE = 5;

type StatusName = 'To do' | 'In progress' | 'Done';

interface SeedTask {
  title: string;
  status: StatusName;
  priority: Priority;
  /** Days from today (due at 17:00 UTC), or null for no due date. */
  due: number | null;
  assignees: number[];
  sprint?: boolean;
  creator?: number;
  description?: string;
}

const WEBSITE_TASKS: SeedTask[] = [
  {
    title: 'Fix login redirect loop',
    status: 'In progress',
    priority: 'high',
    due: -1,
    assignees: [BEN],
    sprint: true,
  },
  { title: 'Update pricing page copy', status: 'To do', priority: 'medium', due: -7, assignees: [CHLOE] },
  {
    title: 'Publish release notes',
    status: 'To do',
    priority: 'urgent',
    due: 0,
    assignees: [ANA, BEN],
    sprint: true,
    description: 'Summarise the relaunch changes for the changelog and the newsletter.',
  },
  {
    title: 'Review accessibility audit',
    status: 'To do',
    priority: 'high',
    due: 0,
    assignees: [DEV],
    sprint: true,
  },
  { title: 'Compress hero images', status: 'In progress', priority: 'low', due: 2, assignees: [CHLOE] },
  {
    title: 'Set up uptime monitoring',
    status: 'To do',
    priority: 'medium',
    due: 3,
    assignees: [],
    creator: BEN,
  },
  {
    title: 'Write onboarding email sequence',
    status: 'To do',
    priority: 'medium',
    due: 8,
    assignees: [ANA, CHLOE],
  },
  { title: 'Plan Q3 content calendar', status: 'To do', priority: 'low', due: 9, assignees: [BEN] },
  { title: 'Migrate blog to the new CMS', status: 'To do', priority: 'none', due: null, assignees: [] },
  { title: 'Collect customer testimonials', status: 'To do', priority: 'low', due: null, assignees: [DEV] },
  { title: 'Launch new homepage', status: 'Done', priority: 'high', due: -3, assignees: [ANA] },
  {
    title: 'Fix broken footer links',
    status: 'Done',
    priority: 'medium',
    due: -1,
    assignees: [DEV],
    sprint: true,
  },
];

const MOBILE_TASKS: SeedTask[] = [
  {
    title: 'Crash on Android 14 start-up',
    status: 'In progress',
    priority: 'urgent',
    due: -1,
    assignees: [BEN, CHLOE],
  },
  {
    title: 'Dark mode for the settings screen',
    status: 'To do',
    priority: 'medium',
    due: 1,
    assignees: [CHLOE],
  },
  { title: 'Push notification opt-in flow', status: 'To do', priority: 'high', due: 0, assignees: [ANA] },
  { title: 'App Store screenshots', status: 'To do', priority: 'low', due: 10, assignees: [] },
  {
    title: 'Offline mode for the task list',
    status: 'To do',
    priority: 'medium',
    due: null,
    assignees: [BEN],
  },
  {
    title: 'Upgrade React Native',
    status: 'In progress',
    priority: 'medium',
    due: 4,
    assignees: [CHLOE],
    creator: BEN,
  },
  { title: 'Triage beta feedback', status: 'Done', priority: 'medium', due: -2, assignees: [ANA] },
  { title: 'Accessibility labels on buttons', status: 'To do', priority: 'none', due: null, assignees: [] },
];

const OPERATIONS_TASKS: SeedTask[] = [
  { title: 'Renew SSL certificates', status: 'To do', priority: 'high', due: 5, assignees: [ANA] },
  { title: 'Quarterly access review', status: 'To do', priority: 'medium', due: null, assignees: [] },
];

/** Returns the ids of the inserted tasks, in order. */
function seedTasks(
  db: SandboxDb,
  projectId: number,
  tasks: SeedTask[],
  sprintId: number | null,
  now: Date,
): number[] {
  const statusIds = new Map(listStatuses(db, projectId).map((s) => [s.name, s.id]));
  return tasks.map((task, index) => {
    // Spread creation over the past weeks so lists sorted by creation look lived-in.
    const createdAt = dayAt(now, -(tasks.length - index) * 2, 9);
    const id = insertTask(db, {
      projectId,
      title: task.title,
      description: task.description ?? null,
      statusId: statusIds.get(task.status)!,
      dueDate: task.due === null ? null : dayAt(now, task.due, 17),
      priority: task.priority,
      sprintId: task.sprint ? sprintId : null,
      creatorId: task.creator ?? ANA,
      completedAt: task.status === 'Done' ? dayAt(now, -1, 15) : null,
      now: createdAt,
    });
    setAssignees(db, id, task.assignees);
    return id;
  });
}

/** The demo workspace's contents beyond workspace 1 and Ana (see seed-database.ts). */
export function seedDemoWorkspace(db: SandboxDb, now: Date): void {
  const nowIso = now.toISOString();
  const today = utcDate(now);
  insertMember(db, BEN, 'Ben Okafor', 'ben@example.com');
  insertMember(db, CHLOE, 'Chloe Martin', 'chloe@example.com');
  insertMember(db, DEV, 'Dev Patel', 'dev@example.com');
  insertMember(db, EVE, 'Eve Novak', 'eve@example.com');
  joinWorkspace(db, 1, BEN, 'admin');
  joinWorkspace(db, 1, CHLOE, 'member');
  joinWorkspace(db, 1, DEV, 'member');
  joinWorkspace(db, 1, EVE, 'guest');

  const project = (name: string, description: string, color: string) =>
    insertProject(db, { workspaceId: 1, name, description, color, creatorId: ANA, now: dayAt(now, -60, 9) });
  const website = project('Website', 'The marketing site and its relaunch.', '#3B82F6');
  const mobile = project('Mobile App', 'The iOS and Android apps.', '#8B5CF6');
  const operations = project('Operations', 'Keeping the lights on.', '#F59E0B');
  addProjectMember(db, website, BEN, 'admin');
  addProjectMember(db, website, CHLOE, 'member');
  addProjectMember(db, website, DEV, 'member');
  addProjectMember(db, website, EVE, 'viewer');
  addProjectMember(db, mobile, BEN, 'member');
  addProjectMember(db, mobile, CHLOE, 'member');

  const websiteSprint = insertSprint(db, {
    projectId: website,
    name: 'Sprint 1',
    goal: 'Relaunch the homepage and clear the launch blockers.',
    startDate: today,
    endDate: addDays(today, 13),
    now: nowIso,
  });
  insertSprint(db, {
    projectId: mobile,
    name: 'Mobile Sprint 1',
    goal: null,
    startDate: null,
    endDate: null,
    now: nowIso,
  });

  const websiteTasks = seedTasks(db, website, WEBSITE_TASKS, websiteSprint, now);
  seedTasks(db, mobile, MOBILE_TASKS, null, now);
  seedTasks(db, operations, OPERATIONS_TASKS, null, now);

  const signUps = insertGoal(db, {
    workspaceId: 1,
    projectId: website,
    title: 'Grow website sign-ups',
    description: 'More visitors become trial users after the relaunch.',
    ownerId: ANA,
    startDate: addDays(today, -30),
    dueDate: addDays(today, 60),
    status: 'on_track',
    now: nowIso,
  });
  insertTarget(db, signUps, {
    title: 'Monthly sign-ups',
    type: 'number',
    start_value: 1000,
    current_value: 1400,
    target_value: 2000,
    unit: 'sign-ups',
  });
  insertTarget(db, signUps, {
    title: 'Landing page conversion',
    type: 'percentage',
    start_value: 2,
    current_value: 2.6,
    target_value: 4,
    unit: '%',
  });
  insertTarget(db, signUps, {
    title: 'Launch the referral programme',
    type: 'boolean',
    start_value: 0,
    current_value: 0,
    target_value: 1,
    unit: null,
  });
  const stableApp = insertGoal(db, {
    workspaceId: 1,
    projectId: mobile,
    title: 'Ship a stable mobile app',
    description: null,
    ownerId: BEN,
    startDate: addDays(today, -14),
    dueDate: addDays(today, 45),
    status: 'at_risk',
    now: nowIso,
  });
  insertTarget(db, stableApp, {
    title: 'Crash-free sessions',
    type: 'percentage',
    start_value: 95,
    current_value: 98,
    target_value: 99.5,
    unit: '%',
  });
  insertTarget(db, stableApp, {
    title: 'Open P1 bugs',
    type: 'number',
    start_value: 40,
    current_value: 25,
    target_value: 0,
    unit: 'bugs',
  });

  insertAutomation(db, {
    project_id: website,
    name: 'Announce new tasks',
    is_active: true,
    trigger: { type: 'task_created', config: {} },
    conditions: [],
    actions: [{ type: 'notify', config: { channel: '#website' } }],
    now: nowIso,
  });
  insertAutomation(db, {
    project_id: mobile,
    name: 'Escalate overdue high-priority tasks',
    is_active: false,
    trigger: { type: 'due_date_reached', config: {} },
    conditions: [{ field: 'priority', operator: 'in', value: ['urgent', 'high'] }],
    actions: [
      { type: 'set_priority', config: { priority: 'urgent' } },
      { type: 'notify', config: { channel: '#mobile' } },
    ],
    now: nowIso,
  });

  const [, pricing, , , hero, , , , , testimonials, homepage] = websiteTasks;
  const root: MindMapNode = {
    id: 'root',
    text: 'Website relaunch',
    children: [
      {
        id: 'design',
        text: 'Design',
        color: '#3B82F6',
        children: [{ id: 'hero', text: 'New hero section', task_id: hero ?? null, children: [] }],
      },
      {
        id: 'content',
        text: 'Content',
        children: [
          { id: 'pricing', text: 'Pricing copy', task_id: pricing ?? null, children: [] },
          { id: 'testimonials', text: 'Testimonials', task_id: testimonials ?? null, children: [] },
        ],
      },
      {
        id: 'launch',
        text: 'Launch',
        color: '#22C55E',
        children: [{ id: 'homepage', text: 'Homepage launch', task_id: homepage ?? null, children: [] }],
      },
    ],
  };
  insertMindMap(db, { projectId: website, title: 'Website relaunch', root, now: nowIso });
}
