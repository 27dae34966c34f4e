import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../testing/render';
import { QuantityStepper } from './quantity-stepper';

/** A quantity box of 2 to 5,000 starting at 2, handing over to `onChange` and `onClamp`. */
function QuantityBox({
  onChange,
  onClamp,
}: {
  onChange: (next: number) => void;
  onClamp: (applied: number) => void;
}) {
  const [value, setValue] = useState(2);
  return (
    <QuantityStepper
      label="Quantity"
      min={2}
      max={5000}
      value={value}
      isDisabled={false}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      onClamp={onClamp}
    />
  );
}

/** The box rendered, what it hands over, and typing into it (the value is handed over as the box loses focus). */
function renderStepper() {
  const changes: number[] = [];
  const onClamp = vi.fn();
  render(<QuantityBox onChange={(next) => changes.push(next)} onClamp={onClamp} />);
  const box = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
  const type = (text: string) => {
    fireEvent.change(box, { target: { value: text } });
    fireEvent.blur(box);
  };
  return { box, type, changes, onClamp };
}

describe('QuantityStepper', () => {
  setUpComponentTests();
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it("reads a quantity as the page's language writes it: a German 2.500 is 2,500, not 2.5 rounded to 3", async () => {
    await i18next.changeLanguage('de');
    const { box, type, changes, onClamp } = renderStepper();
    type('2.500');
    expect(changes.at(-1)).toBe(2500);
    expect(box.value).toBe('2500');
    expect(onClamp).not.toHaveBeenCalled();
    // A German 12,5 is no whole quantity (it was read as 125): refused, the quantity kept, and said.
    type('12,5');
    expect(changes.at(-1)).toBe(2500);
    expect(box.value).toBe('2500');
    expect(onClamp).toHaveBeenCalledWith(2500);
  });

  it('reads an English 1,000, brings a quantity within its limits, and steps with the arrow keys', () => {
    const { box, type, changes, onClamp } = renderStepper();
    type('1,000');
    expect(changes.at(-1)).toBe(1000);
    type('9000');
    expect(changes.at(-1)).toBe(5000);
    expect(onClamp).toHaveBeenLastCalledWith(5000);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(changes.at(-1)).toBe(4999);
    expect(box.getAttribute('aria-valuenow')).toBe('4999');
  });
});
