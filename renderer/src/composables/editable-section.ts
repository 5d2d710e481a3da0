import { computed, h, ref, type Ref } from 'vue';
import { NButton, type DataTableColumn } from 'naive-ui';
import { t } from '../i18n/index.js';

/**
 * What a section that edits its objects (channels, campaigns) shares: the object being edited
 * (or 'new'), the one asked to be deleted, the one opened in its page, an Edit/Delete column and
 * row props that open a row by click or Enter. `kind` names test ids and classes (`channel-edit`,
 * `channels__row`).
 */
export function useEditableSection<Row extends { id: number }>(kind: string, rows: Ref<Row[]>, reload: () => void) {
  const editing = ref<Row | 'new' | null>(null) as Ref<Row | 'new' | null>;
  const deleting = ref<Row | null>(null) as Ref<Row | null>;
  const openedId = ref<number | null>(null);
  const opened = computed(() => rows.value.find((r) => r.id === openedId.value) ?? null);

  // The buttons sit in a clickable row: their clicks must not open it too.
  const stop = (fn: () => void) => (e: Event) => {
    e.stopPropagation();
    fn();
  };

  const actionsColumn: DataTableColumn<Row> = {
    key: 'actions',
    title: '',
    // Room for both buttons in the longest language ("Bearbeiten" and "Löschen" need 153 px).
    width: 170,
    render: (row) =>
      h('span', { class: `${kind}s__actions` }, [
        h(NButton, { size: 'tiny', 'data-testid': `${kind}-edit`, onClick: stop(() => (editing.value = row)) }, () => t('resources.edit')),
        h(
          NButton,
          { size: 'tiny', type: 'error', ghost: true, 'data-testid': `${kind}-delete`, onClick: stop(() => (deleting.value = row)) },
          () => t('resources.delete'),
        ),
      ]),
  };

  const rowProps = (row: Row) => ({
    'data-testid': `${kind}-row`,
    class: `${kind}s__row`,
    tabindex: 0,
    onClick: () => (openedId.value = row.id),
    onKeydown: (e: KeyboardEvent) => {
      // Only Enter on the row itself: Enter on its Edit or Delete button bubbles here too, and
      // opening the drawer then moved the focus to its ×, which that same Enter pressed.
      if (e.key === 'Enter' && e.target === e.currentTarget) openedId.value = row.id;
    },
  });

  function saved(): void {
    editing.value = null;
    reload();
  }
  function deleted(): void {
    if (deleting.value && openedId.value === deleting.value.id) openedId.value = null;
    deleting.value = null;
    reload();
  }

  return { editing, deleting, openedId, opened, actionsColumn, rowProps, saved, deleted };
}
