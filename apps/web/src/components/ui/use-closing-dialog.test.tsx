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

  it('gives the focus back to the opener when the dialog took it into a field of its own and left it on the body', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { result } = renderHook(() => useClosingDialog());
    act(() => result.current.open(true));
    // The dialog's field had the focus, and was unmounted with it.
    opener.blur();
    act(() => result.current.close());
    act(() => result.current.afterClose());
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('leaves the focus where it went on purpose', () => {
    const opener = document.createElement('button');
    const elsewhere = document.createElement('input');
    document.body.append(opener, elsewhere);
    opener.focus();
    const { result } = renderHook(() => useClosingDialog());
    act(() => result.current.open(true));
    elsewhere.focus();
    act(() => result.current.close());
    act(() => result.current.afterClose());
    expect(document.activeElement).toBe(elsewhere);
    opener.remove();
    elsewhere.remove();
  });
});
