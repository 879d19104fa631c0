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
  ].map(foldAfresh),
);

/**
 * Folded names as last worked out: a list folds every task's status name, and a service has few
 * (Unicode normalising and four regexes each time cost more than the rest of the check).
 */
const folds = new Map<string, string>();
/** Names remembered at most; past this the memo starts afresh. */
const FOLDS_MAX = 1_000;

/** Lower case, accents removed, spaces collapsed, a trailing mark dropped ("Done ✓", "Done!"). */
export function fold(name: string): string {
  let folded = folds.get(name);
  if (folded === undefined) {
    if (folds.size >= FOLDS_MAX) folds.clear();
    folded = foldAfresh(name);
    folds.set(name, folded);
  }
  return folded;
}

function foldAfresh(name: string): string {
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

/**
 * The connection's choice, where an admin made one (in the connect form, saved with the
 * connection): names of the statuses that mean done, for workflows whose done status has a name no
 * list above knows ("Live", "Shipped to prod"). Kept per client, so per connection.
 */
export interface DoneChoice {
  /** The chosen names (as typed); empty when no admin chose. */
  names(): readonly string[];
  /** Sets the choice; true when it changed (so cached statuses must be read again). */
  set(names: readonly string[]): boolean;
}

export function createDoneChoice(): DoneChoice {
  let folded: string[] = [];
  let names: readonly string[] = [];
  return {
    names: () => names,
    set(next) {
      const clean = next.map((n) => n.trim()).filter(Boolean);
      const nextFolded = clean.map(fold);
      if (nextFolded.join('\n') === folded.join('\n')) return false;
      names = clean;
      folded = nextFolded;
      return true;
    },
  };
}

/**
 * Whether a status means done: the service's own flag when it gave one, else the admin's choice
 * or a name known to mean done (either is enough: a choice adds a name, it does not hide "Done").
 */
export function statusIsDone(
  status: { id: number; name: string; is_done?: boolean | null | undefined },
  choice?: DoneChoice,
): boolean {
  if (typeof status.is_done === 'boolean') return status.is_done;
  if (isDoneName(status.name)) return true;
  const name = fold(status.name);
  return choice?.names().some((n) => fold(n) === name) ?? false;
}
