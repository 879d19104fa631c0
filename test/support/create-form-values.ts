/** What the create-task form holds when a person has filled it in, as Slack sends its state. */
export function createValues(opts: {
  projectId: number;
  projectName: string;
  title: string;
  assignees?: string[];
  date?: string;
}) {
  return {
    ct_project: {
      ct_project_select: {
        type: 'external_select',
        selected_option: {
          text: { type: 'plain_text', text: opts.projectName },
          value: String(opts.projectId),
        },
      },
    },
    ct_title: { ct_title_input: opts.title },
    ct_description: { ct_description_input: '' },
    ct_assignees: {
      ct_assignees_select: { type: 'multi_users_select', selected_users: opts.assignees ?? [] },
    },
    ct_due_date: { ct_due_date_picker: { type: 'datepicker', selected_date: opts.date ?? null } },
    ct_due_time: { ct_due_time_picker: { type: 'timepicker', selected_time: null } },
    ct_priority: {
      ct_priority_select: {
        type: 'static_select',
        selected_option: { text: { type: 'plain_text', text: 'High' }, value: 'high' },
      },
    },
  };
}
