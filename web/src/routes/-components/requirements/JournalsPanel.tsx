import { useInfiniteQuery } from '@tanstack/react-query';
import { CommentThread } from '../../../components/CommentThread/CommentThread';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { productJournalsInfiniteOptions, useSaveProductJournal } from '../../../queries/requirements';

/**
 * The discussion of a user requirement, spec or plan (`pmsJournals`), oldest first; people edit
 * and delete their own comments.
 */
export function JournalsPanel({ objectId }: { objectId: string }) {
  const { can } = useCurrentEnterprise();
  const comments = useInfiniteQuery({
    ...productJournalsInfiniteOptions(objectId),
    select: (data) => data.pages.flatMap((page) => page.rows),
  });
  const save = useSaveProductJournal(objectId);
  return <CommentThread comments={comments} save={save} canComment={can('product:requirement:comment')} />;
}
