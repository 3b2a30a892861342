import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issueDetail } from '../../../test/project';
import { renderWithProviders } from '../../../test/render';
import { DescriptionEditor } from './DescriptionEditor';
import type { IssueChanges } from './save-issue';

/** The first import of the markdown renderer transforms react-markdown: seconds on a busy machine. */
const RENDERER_LOADED = { timeout: 15_000 };

/** The second task's box, as drawn now (the renderer draws a new one when the text changes). */
const taskBox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Task 2' });

/** An editor whose save answers only when the test says, with what it says. */
function pendingEditor() {
  const saved: IssueChanges[] = [];
  let answer: (ok: boolean) => void = () => {};
  const editor = {
    saving: false,
    save: (changes: IssueChanges) => {
      saved.push(changes);
      return new Promise<boolean>((resolve) => {
        answer = resolve;
      });
    },
  };
  return { editor, saved, answer: (ok: boolean) => answer(ok) };
}

describe('DescriptionEditor', () => {
  it('shows a ticked task box at once, saves the description with it, and unticks it when the save is refused', async () => {
    const { editor, saved, answer } = pendingEditor();
    const issue = issueDetail(7, { description: 'Steps\n\n- [ ] agree the scope\n- [ ] ship it' });
    renderWithProviders(<DescriptionEditor issue={issue} editor={editor} canEdit />);
    const box = await screen.findByRole('checkbox', { name: 'Task 2' }, RENDERER_LOADED);

    fireEvent.click(box);
    await waitFor(() => expect(taskBox().checked).toBe(true));
    expect(saved).toEqual([{ description: 'Steps\n\n- [ ] agree the scope\n- [x] ship it' }]);

    answer(false);
    await waitFor(() => expect(taskBox().checked).toBe(false));
  });
});
