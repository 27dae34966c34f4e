import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { AntdScope } from './antd-scope';
import { isOverLimit, LimitedInput, LimitedTextArea } from './limited-text';

/** Every component's source (tests aside), read as text for the rule below. */
const SOURCES = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** The props of each `<Input.TextArea …>` in a source: up to the `>` that closes the tag (arrows inside braces skipped). */
function textAreaTags(source: string): string[] {
  const tags: string[] = [];
  for (const start of source.matchAll(/<Input\.TextArea\b/g)) {
    let depth = 0;
    let end = start.index;
    while (end < source.length && !(depth === 0 && source[end] === '>')) {
      depth += source[end] === '{' ? 1 : source[end] === '}' ? -1 : 0;
      end += 1;
    }
    tags.push(source.slice(start.index, end));
  }
  return tags;
}

describe('LimitedTextArea', () => {
  setUpComponentTests();

  it('keeps a text past its limit whole, shows the count in red, and the form refuses it beside the field', async () => {
    const onFinish = vi.fn();
    render(
      <AntdScope>
        <Form onFinish={onFinish}>
          <Form.Item name="reason" label="Reason" rules={[{ max: 255 }]}>
            <LimitedTextArea limit={255} />
          </Form.Item>
          <Button htmlType="submit">Send</Button>
        </Form>
      </AntdScope>,
    );
    const field = screen.getByRole('textbox', { name: 'Reason' });
    // A browser's maxlength cut a paste at the limit without a word: there is none.
    expect(field.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText('0 / 255')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'a'.repeat(300) } });
    expect((field as HTMLTextAreaElement).value).toHaveLength(300);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('300 / 255').closest('.ant-input-textarea-affix-wrapper')?.className).toMatch(
      /status-error/,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await waitFor(() => expect(screen.getByText('This text is too long')).toBeTruthy());
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'a'.repeat(255) } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ reason: 'a'.repeat(255) }));
  });

  it('keeps a one-line text past its limit whole and refuses it, its count shown from nine tenths of the limit', async () => {
    const onFinish = vi.fn();
    render(
      <AntdScope>
        <Form onFinish={onFinish}>
          <Form.Item name="name" label="Product name" rules={[{ max: 200 }]}>
            <LimitedInput limit={200} />
          </Form.Item>
          <Button htmlType="submit">Save</Button>
        </Form>
      </AntdScope>,
    );
    const field = screen.getByRole('textbox', { name: 'Product name' }) as HTMLInputElement;
    // A product name pasted past 200 characters was cut mid-word and saved so.
    expect(field.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(field, { target: { value: 'a'.repeat(150) } });
    expect(screen.queryByText('150 / 200')).toBeNull();
    fireEvent.change(field, { target: { value: 'a'.repeat(230) } });
    expect(field.value).toHaveLength(230);
    expect(screen.getByText('230 / 200')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.getByText('This text is too long')).toBeTruthy());
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('counts the text the server keeps: spaces at its ends aside', () => {
    expect(isOverLimit(` ${'a'.repeat(255)}  `, 255)).toBe(false);
    expect(isOverLimit('a'.repeat(256), 255)).toBe(true);
  });

  it('is the only way the app limits a free text: no text area cuts what is typed or pasted at its maxLength', () => {
    const cutting = Object.entries(SOURCES).flatMap(([path, source]) =>
      textAreaTags(source)
        .filter((tag) => /\bmaxLength\b/.test(tag))
        .map(() => path),
    );
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(cutting).toEqual([]);
  });
});
