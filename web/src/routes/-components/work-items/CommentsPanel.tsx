import { useInfiniteQuery } from '@tanstack/react-query';
import { CommentThread } from '../../../components/CommentThread/CommentThread';
import { journalsInfiniteOptions, useSaveComment } from '../../../queries/issues';

interface CommentsPanelProps {
  issueId: string;
  projectId: string;
  canComment: boolean;
}

/** A work item's discussion, oldest first; people edit and delete their own comments. */
export function CommentsPanel({ issueId, projectId, canComment }: CommentsPanelProps) {
  const comments = useInfiniteQuery(journalsInfiniteOptions(issueId, 'comment'));
  const save = useSaveComment(issueId, projectId);
  return <CommentThread comments={comments} save={save} canComment={canComment} />;
}
