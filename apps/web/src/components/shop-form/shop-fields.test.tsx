import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Row } from 'antd';
import { describe, expect, it } from 'vitest';
import sellerEn from '../../locales/en/seller.json';
import { setUpComponentTests } from '../../testing/render';
import { AntdScope } from '../ui/antd-scope';
import { ShopContactFields } from './shop-fields';

/** The application's contact fields, checked by the button as the form's submit does. */
function ContactForm() {
  const [form] = Form.useForm();
  return (
    <Form form={form}>
      <Row>
        <ShopContactFields isRequired />
      </Row>
      <button type="button" onClick={() => void form.validateFields().catch(() => undefined)}>
        Check
      </button>
    </Form>
  );
}

describe('ShopContactFields', () => {
  setUpComponentTests({ seller: sellerEn });

  it('calls an empty phone required and a wrong one not a mobile number', async () => {
    render(
      <AntdScope>
        <ContactForm />
      </AntdScope>,
    );
    const phoneItem = () => screen.getByLabelText(sellerEn.apply.phone).closest('.ant-form-item');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check' })));
    // It said "a mobile number of at least 8 digits" for a field left empty.
    await waitFor(() => expect(phoneItem()?.textContent).toContain('This field is required'));
    fireEvent.change(screen.getByLabelText(sellerEn.apply.phone), { target: { value: '12ab' } });
    await waitFor(() => expect(phoneItem()?.textContent).toMatch(/mobile number/i));
  });
});
