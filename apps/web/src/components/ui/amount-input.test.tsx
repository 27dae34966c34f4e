import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAmountUnreadable } from '../../lib/normalise-amount';
import { initTestI18n } from '../../testing/i18n';
import { AmountInput } from './amount-input';

describe('AmountInput', () => {
  afterEach(cleanup);

  it('asks for the decimal keyboard, reads left to right and shows USDT after the figure', () => {
    render(<AmountInput aria-label="Amount" />);
    const field = screen.getByRole('textbox', { name: 'Amount' });
    expect(field.getAttribute('inputmode')).toBe('decimal');
    expect(field.getAttribute('dir')).toBe('ltr');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(field.getAttribute('maxlength')).toBe('24');
    expect(field.closest('.ant-input-affix-wrapper')?.textContent).toBe('USDT');
  });

  it('shows another currency, or none for a rate', () => {
    const { rerender } = render(<AmountInput aria-label="Amount" unit="BTC" />);
    expect(screen.getByText('BTC')).toBeTruthy();
    rerender(<AmountInput aria-label="Amount" unit={null} />);
    expect(screen.queryByText('BTC')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Amount' }).closest('.ant-input-affix-wrapper')).toBeNull();
  });

  it('keeps the typed text as it is, decimals included, for the form to check', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish} initialValues={{ amount: '' }}>
        <Form.Item name="amount" label="Amount">
          <AmountInput />
        </Form.Item>
        <button type="submit">Send</button>
      </Form>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '100.999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ amount: '100.999' }));
  });
});

/** An amount field in a form, with the item's rules; onFinish gets what the form would send. */
function renderAmountForm(label: string, rules: Rule[] = []) {
  const onFinish = vi.fn();
  render(
    <Form onFinish={onFinish} initialValues={{ amount: '' }}>
      <Form.Item name="amount" label={label} rules={rules}>
        <AmountInput />
      </Form.Item>
      <button type="submit">Send</button>
    </Form>,
  );
  const field = screen.getByRole('textbox', { name: label }) as HTMLInputElement;
  const send = (typed: string) => {
    fireEvent.change(field, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  };
  return { field, send, onFinish };
}

describe('AmountInput in the reader’s language', () => {
  beforeEach(async () => {
    await initTestI18n();
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('shows what was typed and hands the form the normalised amount (French comma, Japanese full-width)', async () => {
    await i18next.changeLanguage('fr');
    const { field, send, onFinish } = renderAmountForm('Montant');
    send('1 000,50');
    expect(field.value).toBe('1 000,50');
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ amount: '1000.50' }));
    send('１００');
    await vi.waitFor(() => expect(onFinish).toHaveBeenLastCalledWith({ amount: '100' }));
  });

  it("refuses a Spanish '1.234' (1234 by the language, 1.234 as pages write amounts) and keeps what was typed", async () => {
    await i18next.changeLanguage('es');
    const unreadable: Rule = {
      validator: async (_rule, value?: string) => {
        if (isAmountUnreadable(value)) {
          throw new Error('unreadable');
        }
      },
    };
    const { field, send, onFinish } = renderAmountForm('Importe', [unreadable]);
    send('1.234');
    expect(field.value).toBe('1.234');
    await screen.findByText('unreadable');
    expect(onFinish).not.toHaveBeenCalled();
    send('1.234,50');
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ amount: '1234.50' }));
    // A whole amount below a thousand has no point to read two ways (it was refused as one).
    send('100');
    await vi.waitFor(() => expect(onFinish).toHaveBeenLastCalledWith({ amount: '100' }));
    await vi.waitFor(() => expect(screen.queryByText('unreadable')).toBeNull());
  });
});
