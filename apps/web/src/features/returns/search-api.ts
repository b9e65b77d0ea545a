import {
  RETURNS_PAGE_SIZE,
  RETURNS_SEARCH_TIMEOUT_MS,
  type ReturnNoteReply,
  type ReturnSearchRow,
  type ReturnsSearchBody,
} from '@backroom/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiEnvelope } from '../../lib/api-client';
import { returnKeys } from './api';

// The returns search screen's calls (returns.md §7): POST …/returns/search and PUT …/returns/notes.
const V1 = '/api/v1/backroom';

/** What the list asks for: the query's statuses (0 is any) and the body's search and type. */
export interface ReturnsSearchRequest {
  inboundReturnStatusId: number;
  inboundReturnAppealStatusId: number;
  search: string;
  type: string;
}

export interface ReturnsSearchResult {
  rows: ReturnSearchRow[];
  hasMore: boolean;
}

export const returnsSearchKeys = {
  all: ['returns', 'search'] as const,
  page: (request: ReturnsSearchRequest, page: number) => ['returns', 'search', request, page] as const,
};

/** One page of the list: the envelope's `hasMore` says whether another follows. Errors are left to the caller. */
export async function fetchReturnsPage(
  request: ReturnsSearchRequest,
  {
    limit = RETURNS_PAGE_SIZE,
    offset = 0,
    signal,
  }: { limit?: number; offset?: number; signal?: AbortSignal },
): Promise<ReturnsSearchResult> {
  const query = new URLSearchParams({
    inboundReturnStatusId: String(request.inboundReturnStatusId),
    inboundReturnAppealStatusId: String(request.inboundReturnAppealStatusId),
  });
  const body: ReturnsSearchBody = { search: request.search, type: request.type, limit, offset };
  // returns.md §9: the search gives up after 60 s.
  const timeout = AbortSignal.timeout(RETURNS_SEARCH_TIMEOUT_MS);
  try {
    const envelope = await apiEnvelope<ReturnSearchRow>('POST', `${V1}/returns/search?${query}`, {
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      quiet: true,
    });
    return { rows: envelope.data, hasMore: Boolean(envelope.hasMore) };
  } catch (error) {
    if (timeout.aborted && !signal?.aborted) throw new ApiError(0, 'The search took longer than 60 s.');
    throw error;
  }
}

/**
 * The list, a page of 100 at a time. `onResult` hears each answer the server gives (the screen's toast); it is
 * not called again for a page shown from the cache. A search is asked again only when its query changes.
 */
export function useReturnsSearch(
  request: ReturnsSearchRequest,
  page: number,
  onResult: (result: ReturnsSearchResult | ApiError) => void,
) {
  return useQuery({
    queryKey: returnsSearchKeys.page(request, page),
    queryFn: async ({ signal }) => {
      try {
        const result = await fetchReturnsPage(request, { offset: page * RETURNS_PAGE_SIZE, signal });
        onResult(result);
        return result;
      } catch (error) {
        if (!signal.aborted) onResult(error instanceof ApiError ? error : new ApiError(0, String(error)));
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/**
 * PUT …/returns/notes { inboundReturn, text }: answers the return's notes, newest first. The search rows
 * showing the return take its new count and last note; its detail (the notes modal's list) is read again.
 */
export function useAddReturnNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ inboundReturnId, text }: { inboundReturnId: number; text: string }) =>
      api<ReturnNoteReply>('PUT', `${V1}/returns/notes`, {
        body: { inboundReturn: { id: inboundReturnId }, text },
        quiet: true,
      }),
    onSuccess: (notes, { inboundReturnId }) => {
      const own = notes.filter((note) => note.inboundReturnItemId === null);
      const last = own[0];
      client.setQueriesData<ReturnsSearchResult>({ queryKey: returnsSearchKeys.all }, (result) =>
        result
          ? {
              ...result,
              rows: result.rows.map((row) =>
                row.id === inboundReturnId
                  ? {
                      ...row,
                      noteCount: own.length,
                      lastNote: last
                        ? {
                            text: last.text,
                            user: last.user
                              ? { firstName: last.user.firstName ?? '', lastName: last.user.lastName ?? '' }
                              : null,
                          }
                        : null,
                    }
                  : row,
              ),
            }
          : result,
      );
      void client.invalidateQueries({ queryKey: returnKeys.detail(inboundReturnId) });
    },
  });
}
