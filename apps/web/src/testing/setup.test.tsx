import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';

describe('the web tests set-up', () => {
  it("keeps Ant Design's component styles out of the test page, and the component's markup as it is", () => {
    render(<Button type="primary">Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).className).toContain('ant-btn-primary');
    // Of what Ant Design's style engine writes (marked with a hash), only the theme's CSS variables reach the page.
    // The icons' few base rules come from the icons package itself, whichever file rendered an icon first.
    const styles = [...document.head.querySelectorAll('style')];
    expect(
      styles.filter((style) => style.hasAttribute('data-css-hash') && !style.hasAttribute('data-token-hash')),
    ).toEqual([]);
    expect(styles.map((style) => style.textContent).join('\n')).not.toContain('.ant-btn-primary');
  });
});
