import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('AmountInput in the reader’s language', () => {
  afterEach(cleanup);

  it('shows what was typed and hands the form the normalised amount (French comma, Japanese full-width)', async () => {
    await initTestI18n();
    const before = i18next.language;
    await i18next.changeLanguage('fr');
    try {
      const onFinish = vi.fn();
      render(
        <Form onFinish={onFinish} initialValues={{ amount: '' }}>
          <Form.Item name="amount" label="Montant">
            <AmountInput />
          </Form.Item>
          <button type="submit">Envoyer</button>
        </Form>,
      );
      const field = screen.getByRole('textbox', { name: 'Montant' }) as HTMLInputElement;
      fireEvent.change(field, { target: { value: '1 000,50' } });
      expect(field.value).toBe('1 000,50');
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
      await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ amount: '1000.50' }));
      fireEvent.change(field, { target: { value: '１００' } });
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
      await vi.waitFor(() => expect(onFinish).toHaveBeenLastCalledWith({ amount: '100' }));
    } finally {
      await i18next.changeLanguage(before);
    }
  });

  it("refuses a Spanish '1.234' (1234 by the language, 1.234 as pages write amounts) and keeps what was typed", async () => {
    await initTestI18n();
    const before = i18next.language;
    await i18next.changeLanguage('es');
    try {
      const onFinish = vi.fn();
      render(
        <Form onFinish={onFinish} initialValues={{ amount: '' }}>
          <Form.Item
            name="amount"
            label="Importe"
            rules={[
              {
                validator: async (_rule: unknown, value?: string) => {
                  if (isAmountUnreadable(value)) {
                    throw new Error('unreadable');
                  }
                },
              },
            ]}
          >
            <AmountInput />
          </Form.Item>
          <button type="submit">Enviar</button>
        </Form>,
      );
      const field = screen.getByRole('textbox', { name: 'Importe' }) as HTMLInputElement;
      fireEvent.change(field, { target: { value: '1.234' } });
      expect(field.value).toBe('1.234');
      fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
      await screen.findByText('unreadable');
      expect(onFinish).not.toHaveBeenCalled();
      fireEvent.change(field, { target: { value: '1.234,50' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
      await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ amount: '1234.50' }));
    } finally {
      await i18next.changeLanguage(before);
    }
  });
});
