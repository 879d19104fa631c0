/**
 * Which status means done. The spec shows a task's status as `{id, name, color}` and nothing that
 * says "done"; our sandbox's extra statuses endpoint flags it (`is_done`), a real service may not
 * have that endpoint. Then a status is done by its name, in the languages teams name their
 * workflows in, unless an admin picked the done status once in the connection's settings.
 */

/** Names (compared folded: lower case, no accents, single spaces) that mean a finished task. */
const DONE_NAMES = new Set(
  [
    // English
    'done',
    'closed',
    'complete',
    'completed',
    'resolved',
    'finished',
    'shipped',
    'released',
    'delivered',
    'fixed',
    // German, French, Spanish, Portuguese, Italian, Dutch
    'erledigt',
    'fertig',
    'abgeschlossen',
    'geschlossen',
    'termine',
    'terminee',
    'fini',
    'finie',
    'ferme',
    'fermee',
    'hecho',
    'terminado',
    'terminada',
    'completado',
    'completada',
    'cerrado',
    'cerrada',
    'concluido',
    'concluida',
    'feito',
    'fechado',
    'fatto',
    'completato',
    'chiuso',
    'klaar',
    'gedaan',
    'afgerond',
    // Nordic, Polish, Czech, Turkish, Russian, Ukrainian
    'klar',
    'fardig',
    'faerdig',
    'valmis',
    'zrobione',
    'zakonczone',
    'hotovo',
    'tamamlandi',
    'bitti',
    'готово',
    'выполнено',
    'завершено',
    'закрыто',
    'виконано',
    // Japanese, Chinese, Korean
    '完了',
    '済み',
    '完成',
    '已完成',
    '完成了',
    '完结',
    '已关闭',
    '완료',
  ].map(fold),
);

/** Lower case, accents removed, spaces collapsed, a trailing mark dropped ("Done ✓", "Done!"). */
export function fold(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .replace(/[\s!.✓✔☑]+$/u, '')
    .trim();
}

/** True when the status's name means done in one of the known languages. */
export function isDoneName(name: string): boolean {
  return DONE_NAMES.has(fold(name));
}

/** The connection's choice, where an admin made one: the id of the status that means done. */
export interface DoneChoice {
  doneStatusIds?: readonly number[] | undefined;
}

/**
 * Whether a status means done: the service's own flag when it gave one, an admin's choice, else
 * the name. Null when none of them can tell (then a person must pick it).
 */
export function statusIsDone(
  status: { id: number; name: string; is_done?: boolean | null | undefined },
  choice: DoneChoice = {},
): boolean {
  if (typeof status.is_done === 'boolean') return status.is_done;
  if (choice.doneStatusIds?.length) return choice.doneStatusIds.includes(status.id);
  return isDoneName(status.name);
}
