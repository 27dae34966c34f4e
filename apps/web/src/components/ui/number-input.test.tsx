import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import i18next from 'i18next';
import { createRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import commonAr from '../../locales/ar/common.json';
import commonRu from '../../locales/ru/common.json';
import { initTestI18n } from '../../testing/i18n';
import { NumberInput, type TNumberInputRef } from './number-input';

/** The step buttons' names, up first. */
function stepButtonNames(): (string | null)[] {
  return [...document.querySelectorAll('[role="button"][class*="-action-"]')].map((button) =>
    button.getAttribute('aria-label'),
  );
}

/** A field that starts disabled (no step buttons) until the button enables it. */
function Toggled() {
  const [isDisabled, setDisabled] = useState(true);
  return (
    <>
      <NumberInput aria-label="Stock" disabled={isDisabled} />
      <button type="button" onClick={() => setDisabled(false)}>
        Enable
      </button>
    </>
  );
}

describe('NumberInput', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('ar', 'common', commonAr, true, true);
    i18next.addResourceBundle('ru', 'common', commonRu, true, true);
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it("names its step buttons in the page's language, not Ant Design's English", async () => {
    await i18next.changeLanguage('ar');
    render(<NumberInput aria-label="الكمية" />);
    await vi.waitFor(() => expect(stepButtonNames()).toEqual(['زيادة القيمة', 'إنقاص القيمة']));
    expect(stepButtonNames()).not.toContain('Increase Value');
  });

  it('names them again when the language changes, and names buttons that appear later', async () => {
    render(<Toggled />);
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await vi.waitFor(() => expect(stepButtonNames()).toEqual(['Increase value', 'Decrease value']));
    await i18next.changeLanguage('ru');
    await vi.waitFor(() => expect(stepButtonNames()).toEqual(['Увеличить значение', 'Уменьшить значение']));
  });

  it("takes a form item's value and hands the form numbers, and its ref reaches the field", async () => {
    const onFinish = vi.fn();
    const ref = createRef<TNumberInputRef>();
    render(
      <Form onFinish={onFinish} initialValues={{ stock: 5 }}>
        <Form.Item name="stock" label="Stock">
          <NumberInput ref={ref} />
        </Form.Item>
        <button type="submit">Save</button>
      </Form>,
    );
    const field = screen.getByRole('spinbutton', { name: 'Stock' });
    expect((field as HTMLInputElement).value).toBe('5');
    expect(ref.current?.nativeElement.contains(field)).toBe(true);
    ref.current?.focus();
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ stock: 12 }));
  });

  it("reads a figure in the page's language, and says so when it reads none instead of changing it (QA)", async () => {
    const onFinish = vi.fn();
    i18next.addResourceBundle('fr', 'common', { numberInput: { notRead: '{{text}} illisible' } }, true, true);
    await i18next.changeLanguage('fr');
    render(
      <Form onFinish={onFinish} initialValues={{ percentOff: 5 }}>
        <Form.Item name="percentOff" label="Remise">
          <NumberInput />
        </Form.Item>
        <button type="submit">Enregistrer</button>
      </Form>,
    );
    const field = screen.getByRole('spinbutton', { name: 'Remise' });
    // A French 1,5 per cent: Ant Design's own parser read 15.
    fireEvent.change(field, { target: { value: '1,5' } });
    fireEvent.blur(field);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenLastCalledWith({ percentOff: 1.5 }));

    await i18next.changeLanguage('en');
    fireEvent.change(field, { target: { value: '1,5' } });
    fireEvent.blur(field);
    // On an English page "1,5" is no number: the last value stays, and the field says why.
    expect(screen.getByRole('alert').textContent).toBe(
      '\u20681,5\u2069 could not be read as a number; the field kept its previous value',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledTimes(2));
    expect(onFinish).toHaveBeenLastCalledWith({ percentOff: 1.5 });
    fireEvent.change(field, { target: { value: '2' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
