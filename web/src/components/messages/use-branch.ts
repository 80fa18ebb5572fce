import type { Message } from '@meld/shared';
import { useCallback, useMemo, useState } from 'react';
import { chooseSibling, selectBranch, type BranchEntry, type BranchSelection } from './message-tree-model.ts';

export interface BranchState {
  branch: BranchEntry[];
  /** Shows sibling `index` of the entry's group. */
  select: (entry: BranchEntry, index: number) => void;
}

/** The branch of a message tree on screen, and the reader's sibling choices. */
export function useBranch(messages: readonly Message[]): BranchState {
  const [selection, setSelection] = useState<BranchSelection>({});
  const branch = useMemo(() => selectBranch(messages, selection), [messages, selection]);
  const select = useCallback((entry: BranchEntry, index: number) => {
    setSelection((current) => chooseSibling(current, entry.parentKey, index, entry.siblingCount));
  }, []);
  return { branch, select };
}
