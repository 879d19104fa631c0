/** One task of exactly the seven fields the spec shows, dates in its UTC form. */
export const specTask = {
  id: 7,
  title: 'Fix login',
  status: { id: 2, name: 'In progress', color: '#3B82F6' },
  assignees: [{ id: 2, name: 'Ben' }],
  due_date: '2026-11-21T09:30:00.000Z',
  priority: 'high',
  created_at: '2026-11-01T08:00:00.000Z',
};

/** The same task in the sandbox's full form: every field present. */
export const sandboxTask = {
  ...specTask,
  project_id: 1,
  sprint_id: null,
  description: null,
  creator: { id: 1, name: 'Ana' },
  updated_at: '2026-11-01T08:00:00.000Z',
};
