import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { AreaCodeSelect } from './account-fields';

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
