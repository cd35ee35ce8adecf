import type { Page, ReportedPost } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export type { ReportedPost };

export const getReportedPosts = (cursor?: string) =>
  api.get<Page<ReportedPost>>('/reportedpost', { query: { cursor } });

export const reportedPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.reported(),
    queryFn: ({ pageParam }) => getReportedPosts(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Reported cars, most recently reported first, each with its reports (admin). */
export function useReportedPosts() {
  return useInfiniteQuery(reportedPostsQueryOptions());
}
