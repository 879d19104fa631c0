/** Values of Block Kit inputs as a view submission carries them, for filling forms in tests. */

/** A static select with `value` chosen (its text is the value too). */
export const select = (value: string) => ({
  type: 'static_select',
  selected_option: { text: { type: 'plain_text', text: value }, value },
});

/** A date picker with `date` (YYYY-MM-DD) picked, or none when `null`. */
export const pickedDate = (date: string | null) => ({ type: 'datepicker', selected_date: date });
