import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { AppForm } from './app-form';

describe('AppForm', () => {
  setUpComponentTests();

  it('leaves the checking to its own rules: a field the browser finds invalid still reaches them (QA)', async () => {
    const onFinish = vi.fn();
    render(
      <AppForm onFinish={onFinish}>
        <Form.Item name="contact" label="Contact" rules={[{ type: 'email', message: 'Our own words' }]}>
          {/* A browser's own check of this field answered in the browser's language and stopped the submit. */}
          <Input type="email" />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </AppForm>,
    );
    fireEvent.change(screen.getByLabelText('Contact'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Our own words')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    // jsdom does not run a browser's check on submit: the form must tell the browser to leave it out.
    expect(screen.getByLabelText('Contact').closest('form')?.noValidate).toBe(true);
  });

  it('runs one submit at a time: a click while the first runs sends nothing, a later click again', async () => {
    let finish: () => void = () => undefined;
    const onFinish = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(
      <AppForm initialValues={{ name: 'Harbour Goods' }} onFinish={onFinish}>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </AppForm>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish).toHaveBeenCalledWith({ name: 'Harbour Goods' });
    // Pressed again while the first request runs (antd drops only a submit whose validation a newer one
    // overtook; a button not shown busy, or pressed as it turned busy, sent twice).
    fireEvent.click(save);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onFinish).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    fireEvent.click(save);
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(2));
  });
});
