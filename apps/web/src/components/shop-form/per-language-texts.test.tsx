import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import sellerEn from '../../locales/en/seller.json';
import { setUpComponentTests } from '../../testing/render';
import { PerLanguageTexts } from './per-language-texts';

describe('PerLanguageTexts', () => {
  setUpComponentTests({ seller: sellerEn });

  it('finds a language typed as the list names it or by its code (QA: "Türkçe" found nothing)', async () => {
    render(
      <Form>
        <PerLanguageTexts
          primary="en"
          langs={['en']}
          onLangsChange={() => undefined}
          fields={[{ name: 'names', label: 'Name', maxLength: 100 }]}
        />
      </Form>,
    );
    const picker = screen.getByRole('combobox', { name: sellerEn.editor.languages });
    for (const [typed, shown] of [
      ['Türkçe', 'Türkçe'],
      ['tr', 'Türkçe'],
      ['Deutsch', 'Deutsch'],
    ] as const) {
      await act(async () => {
        fireEvent.mouseDown(picker);
        fireEvent.change(picker, { target: { value: typed } });
      });
      const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
      expect(options, typed).toContain(shown);
    }
  });
});
