import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CommentThread } from '../../../components/CommentThread/CommentThread';
import { journalsInfiniteOptions, useSaveComment } from '../../../queries/issues';
import { projectUsersQueryOptions } from '../../../queries/projects';

interface CommentsPanelProps {
  issueId: string;
  projectId: string;
  canComment: boolean;
}

/** A work item's discussion, oldest first; people edit and delete their own comments. */
export function CommentsPanel({ issueId, projectId, canComment }: CommentsPanelProps) {
  const comments = useInfiniteQuery({
    ...journalsInfiniteOptions(issueId, 'comment'),
    select: (data) => data.pages.flatMap((page) => page.rows),
  });
  const save = useSaveComment(issueId, projectId);
  const members = useQuery({ ...projectUsersQueryOptions(projectId), enabled: canComment }).data;
  return <CommentThread comments={comments} save={save} canComment={canComment} mentionable={members} />;
}
