import type { RowSlot } from '../../../renderer/src/components/links-list/row-memo.js';

/** LinkRows' props as the list passes them, for rows of 48 px with nothing checked and no names. */
export function linkRowsProps(slots: RowSlot<{ index: number; start: number }>[], totalSize: number) {
  return {
    slots,
    totalSize,
    rowHeight: 48,
    cursor: -1,
    isChecked: () => false,
    channelNames: new Map<number, string>(),
    campaignNames: new Map<number, string>(),
    now: Date.now(),
    reachNote: null,
    reachLabel: null,
  };
}
