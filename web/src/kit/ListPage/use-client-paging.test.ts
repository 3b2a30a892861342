import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useClientPaging } from './use-client-paging';

const ROWS = Array.from({ length: 23 }, (_, i) => i + 1);

afterEach(() => window.localStorage.clear());

describe('useClientPaging', () => {
  it('shows 10 rows until another size is chosen, and a new visit keeps the choice', () => {
    const { result } = renderHook(() => useClientPaging('things', ROWS));
    expect(result.current.rows).toEqual(ROWS.slice(0, 10));
    act(() => result.current.pager.onChange(3));
    expect(result.current.rows).toEqual([21, 22, 23]);

    act(() => result.current.pager.onPageSizeChange(20));
    expect(result.current.pager).toMatchObject({ pageNum: 1, pageSize: 20, total: 23 });
    expect(result.current.rows).toEqual(ROWS.slice(0, 20));

    const again = renderHook(() => useClientPaging('things', ROWS));
    expect(again.result.current.pager.pageSize).toBe(20);
    // Another list keeps its own size.
    expect(renderHook(() => useClientPaging('others', ROWS)).result.current.pager.pageSize).toBe(10);
  });

  it('starts again at page 1 when the filters change, and shows the last page when rows go', () => {
    const { result, rerender } = renderHook(({ rows, filters }) => useClientPaging('things', rows, filters), {
      initialProps: { rows: ROWS, filters: { name: 'a' } },
    });
    act(() => result.current.pager.onChange(3));
    rerender({ rows: ROWS.slice(0, 15), filters: { name: 'a' } });
    expect(result.current.pager.pageNum).toBe(2);
    expect(result.current.rows).toEqual([11, 12, 13, 14, 15]);
    rerender({ rows: ROWS, filters: { name: 'ab' } });
    expect(result.current.pager.pageNum).toBe(1);
  });
});
