import { useEffect, useState } from 'react';
import type { NewsPost } from '../../../../../shared/api';
import type { NewsPostData } from '../../../../../shared/schemas/news';
import { useConfirm } from '../../../components/confirm-dialog';
import { CreateButton } from '../../../components/create-button';
import { LoadError } from '../../../components/load-error';
import { PermissionHint } from '../../../components/permission-hint';
import { WidgetFilter } from '../../../components/widget-filter';
import { useCreateIntent } from '../../../hooks/use-create-intent';
import { useWidgetFilterParam } from '../../../hooks/use-widget-filter-param';
import { ApiError } from '../../../lib/api-client';
import { useLimitsSummary } from '../../../lib/owner-data/use-limits-summary';
import { usePlans } from '../../../lib/use-plans';
import { useWidgets } from '../../../lib/owner-data/use-widgets';
import { useToast } from '../../../lib/use-toast';
import { useUpgradeAction } from '../../../lib/use-upgrade-action';
import { useCan } from '../../../lib/workspace/use-permission';
import { useCreatePost } from '../api/create-post';
import { useDeletePost } from '../api/delete-post';
import { usePosts } from '../api/get-posts';
import { useUpdatePost } from '../api/update-post';
import { postLimitMessage } from '../utils/post-limit-message';
import { ChangelogLinks } from './changelog-links';
import { NewsPostDialog, type PostEditing } from './news-post-dialog';
import { NewsTable } from './news-table';

const LOAD_FAILED = 'Failed to load news posts. Please try again.';
const SAVE_FAILED = 'Failed to save news post. Please try again.';
const DELETE_FAILED = 'Failed to delete news post. Please try again.';
const LIMIT_REACHED = 'Limit reached';

/**
 * /news (docs/product.md §2): the workspace's news posts, filtered by widget through `?widget=`. A
 * role that may not write posts reads them, without Create, Edit or Delete.
 */
export function NewsPage() {
  const toast = useToast();
  const confirm = useConfirm();
  const widgets = useWidgets();
  // A stale id is only judged against a settled, fresh list of widgets.
  const knownIds = widgets.isSuccess && !widgets.isFetching ? widgets.data.map((widget) => widget._id) : undefined;
  const [widgetId, setWidgetId] = useWidgetFilterParam(knownIds);
  const posts = usePosts(widgetId);
  const limits = useLimitsSummary();
  const plans = usePlans();
  const upgrade = useUpgradeAction();
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const deletePost = useDeletePost();
  const writes = useCan('news.write');
  const [editing, setEditing] = useState<PostEditing>(null);

  useEffect(() => {
    if (posts.isError) toast.error(LOAD_FAILED);
  }, [posts.isError, posts.errorUpdatedAt, toast]);

  const onCreate = () => {
    // The server has the last word (403 on save); this spares filling in a form that cannot be saved.
    if (limits.data && !limits.data.canCreatePost) {
      toast.error(LIMIT_REACHED, postLimitMessage(limits.data, plans), {
        action: upgrade(limits.data.postSuggestedPlan),
      });
    } else setEditing({ mode: 'create' });
  };

  // The command palette's New news post: once the role and the limits are known.
  useCreateIntent(() => writes && onCreate(), limits.data !== undefined);

  const onSave = async (values: NewsPostData) => {
    if (!editing) return;
    try {
      if (editing.mode === 'create') await createPost.mutateAsync(values);
      else await updatePost.mutateAsync({ id: editing.post._id, input: values });
      toast.success(editing.mode === 'create' ? 'News post created' : 'News post updated');
      setEditing(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        const { data } = await limits.refetch();
        toast.error(LIMIT_REACHED, data ? postLimitMessage(data, plans) : SAVE_FAILED, {
          action: upgrade(data?.postSuggestedPlan ?? null),
        });
      } else {
        toast.error(SAVE_FAILED);
      }
    }
  };

  const onDelete = (post: NewsPost) =>
    confirm({
      title: 'Delete news post',
      content: `"${post.title}" will be removed from your widget. This action cannot be undone.`,
      okText: 'Delete',
      onOk: async () => {
        try {
          await deletePost.mutateAsync(post._id);
          toast.success('News post deleted');
        } catch {
          toast.error(DELETE_FAILED);
        }
      },
    });

  return (
    <section className="tb-news-page">
      <div className="tb-page-header">
        <h1>News Posts</h1>
        <div className="tb-page-actions">
          <WidgetFilter widgets={widgets.data} value={widgetId} onChange={setWidgetId} />
          {writes && (
            <CreateButton
              label="Create News Post"
              onClick={onCreate}
              limitReached={limits.data?.canCreatePost === false}
              upgradePlan={limits.data?.postSuggestedPlan ?? null}
            />
          )}
        </div>
      </div>
      <PermissionHint permission="news.write" />
      <ChangelogLinks widgets={widgets.data} widgetId={widgetId} />
      {widgets.isError && (
        <LoadError message="Failed to load widgets. Please try again." onRetry={() => void widgets.refetch()} />
      )}
      {posts.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void posts.refetch()} />
      ) : (
        <NewsTable
          posts={posts.data ?? []}
          widgets={widgets.data}
          loading={posts.isFetching}
          onEdit={writes ? (post) => setEditing({ mode: 'edit', post }) : undefined}
          onDelete={writes ? onDelete : undefined}
          onCreate={writes ? onCreate : undefined}
        />
      )}
      <NewsPostDialog
        editing={editing}
        widgets={widgets.data}
        filterWidgetId={widgetId}
        onSave={onSave}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
