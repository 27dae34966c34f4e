import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { AreaCodeSelect } from './area-code-select';

describe('the area-code list', () => {
  setUpComponentTests();

  it('isolates each code left to right, so an Arabic page does not read "+374" as "374+"', async () => {
    render(<AreaCodeSelect value="+1" />);
    const combobox = screen.getByRole('combobox', { name: 'Area code' });
    fireEvent.mouseDown(combobox);
    // Searched as typed, country and code together.
    fireEvent.change(combobox, { target: { value: 'Armenia +374' } });
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title*="Armenia"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const code = option.querySelector('bdi');
    expect(code?.getAttribute('dir')).toBe('ltr');
    expect(code?.textContent).toBe('+374');
    // Where the option's text is used as it is (its title), the code is wrapped in LRI ... PDI.
    expect(option.getAttribute('title')).toBe('Armenia \u2066+374\u2069');
  });
});

describe('searching the area codes by digits', () => {
  setUpComponentTests();

  it('puts the exact code first, then codes starting with the digits, then other matches', async () => {
    render(<AreaCodeSelect />);
    const combobox = screen.getByRole('combobox', { name: 'Area code' });
    fireEvent.mouseDown(combobox);
    // In English, Angola (+244) sorts before Guernsey and the United Kingdom (+44).
    fireEvent.change(combobox, { target: { value: '44' } });
    const titles = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].map((o) =>
        o.getAttribute('title'),
      );
      expect(found.length).toBeGreaterThan(1);
      return found;
    });
    const exact = titles.filter((title) => title?.endsWith('\u2066+44\u2069'));
    expect(exact).toContain('United Kingdom \u2066+44\u2069');
    expect(titles.slice(0, exact.length)).toEqual(exact);
    expect(titles).toContain('Angola \u2066+244\u2069');
  });

  it('picks +44 for "44" and Enter', async () => {
    const picked: string[] = [];
    render(<AreaCodeSelect onChange={(value) => picked.push(value)} />);
    const combobox = screen.getByRole('combobox', { name: 'Area code' });
    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: '44' } });
    await waitFor(() => expect(document.querySelector('.ant-select-item-option-active')).not.toBeNull());
    fireEvent.keyDown(combobox, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(picked).toEqual(['+44']));
  });
});
