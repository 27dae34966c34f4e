import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useClosingDialog } from './use-closing-dialog';

describe('useClosingDialog', () => {
  it('keeps the dialog mounted while it closes and unmounts it once it has', () => {
    const { result } = renderHook(() => useClosingDialog<{ orderNo: string }>());
    expect(result.current).toMatchObject({ value: null, isOpen: false });
    act(() => result.current.open({ orderNo: '42' }));
    expect(result.current).toMatchObject({ value: { orderNo: '42' }, isOpen: true });
    act(() => result.current.close());
    // Still there for its closing animation, after which the dialog hands the focus back.
    expect(result.current).toMatchObject({ value: { orderNo: '42' }, isOpen: false });
    act(() => result.current.afterClose());
    expect(result.current).toMatchObject({ value: null, isOpen: false });
  });

  it('stays open when opened again before the closing animation ended', () => {
    const { result } = renderHook(() => useClosingDialog<string>());
    act(() => result.current.open('first'));
    act(() => result.current.close());
    act(() => result.current.open('second'));
    act(() => result.current.afterClose());
    expect(result.current).toMatchObject({ value: 'second', isOpen: true });
  });
});
