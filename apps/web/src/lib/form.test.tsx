import { render } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { t } from 'i18next';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setUpComponentTests } from '../testing/render';
import { ApiError } from './api';
import { parseFormValues, placeFieldErrors } from './form';

const SCHEMA = z.object({ name: z.string().min(3, { error: 'tooLong' }), code: z.string() });

function Probe({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form}>
      <Form.Item name="name">
        <Input />
      </Form.Item>
      <Form.Item name="code">
        <Input />
      </Form.Item>
      <Form.Item name={['names', 'en']}>
        <Input />
      </Form.Item>
    </Form>
  );
}

function renderForm(): FormInstance {
  let instance: FormInstance | undefined;
  render(
    <Probe
      onForm={(form) => {
        instance = form;
      }}
    />,
  );
  return instance!;
}

describe('parseFormValues', () => {
  setUpComponentTests();

  it('marks what is wrong, and takes away a message once its field is put right', () => {
    const form = renderForm();
    act(() => {
      expect(parseFormValues(form, SCHEMA, { name: 'x', code: 'a' }, t)).toBeNull();
    });
    expect(form.getFieldError('name')).toHaveLength(1);
    // A message another check left (the server's) goes too once the request is sent again and passes.
    act(() => form.setFields([{ name: 'code', errors: ['Refused by the server'] }]));
    act(() => {
      expect(parseFormValues(form, SCHEMA, { name: 'Ada', code: 'a' }, t)).toEqual({
        name: 'Ada',
        code: 'a',
      });
    });
    expect(form.getFieldError('name')).toEqual([]);
    expect(form.getFieldError('code')).toEqual([]);
  });

  it('marks a nested field (a name per language) beside itself', () => {
    const form = renderForm();
    const named = z.object({ names: z.object({ en: z.string().min(1, { error: 'required' }) }) });
    act(() => {
      expect(parseFormValues(form, named, { names: { en: '' } }, t)).toBeNull();
    });
    expect(form.getFieldError(['names', 'en'])).toEqual(['This field is required']);
    act(() => {
      expect(parseFormValues(form, named, { names: { en: 'Bank' } }, t)).not.toBeNull();
    });
    expect(form.getFieldError(['names', 'en'])).toEqual([]);
  });
});

describe('placeFieldErrors', () => {
  setUpComponentTests();

  it('puts a wrong code beside the code it is about, and leaves what has no field here to the caller', () => {
    const form = renderForm();
    const wrongCode = new ApiError({
      status: 400,
      code: 'VERIFY_CODE_WRONG',
      message: 'Wrong verification code: 4 attempts left',
      details: { remainingAttempts: 4 },
    });
    act(() => {
      expect(placeFieldErrors(form, wrongCode)).toBe(true);
    });
    expect(form.getFieldError('code')).toEqual(['Wrong verification code: 4 attempts left']);
    // This form asks for no transaction password: the caller shows the message elsewhere.
    const wrongTxPassword = new ApiError({
      status: 400,
      code: 'TX_PASSWORD_WRONG',
      message: 'Transaction password is wrong',
    });
    act(() => {
      expect(placeFieldErrors(form, wrongTxPassword)).toBe(false);
    });
    expect(form.getFieldError('name')).toEqual([]);
  });

  it("puts an error about one field (the server's details.field) beside it, by its last part too", () => {
    const form = renderForm();
    const tooLow = new ApiError({
      status: 400,
      code: 'BUY_LIMITS_INVALID',
      message: 'The maximum per order must not be below the minimum',
      details: { field: 'limits.name' },
    });
    act(() => {
      expect(placeFieldErrors(form, tooLow)).toBe(true);
    });
    expect(form.getFieldError('name')).toEqual(['The maximum per order must not be below the minimum']);
    const elsewhere = new ApiError({
      status: 400,
      code: 'PARAMETER_ERROR',
      message: 'Bad',
      details: { field: 'file' },
    });
    act(() => {
      expect(placeFieldErrors(form, elsewhere)).toBe(false);
    });
  });
});
