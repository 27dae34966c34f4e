import { act, render, screen } from '@testing-library/react';
import { Image } from 'antd';
import { describe, expect, it } from 'vitest';
import commonEn from '../../locales/en/common.json';
import { setUpComponentTests } from '../../testing/render';
import { usePicturePreview } from './picture-preview';

function Gallery() {
  const picturePreview = usePicturePreview();
  return (
    <Image.PreviewGroup
      items={[
        { src: '/a.webp', alt: 'Mug' },
        { src: '/b.webp', alt: 'Mug' },
      ]}
      preview={{ ...picturePreview, open: true }}
    />
  );
}

describe('usePicturePreview', () => {
  setUpComponentTests();

  it("names the viewer's toolbar and close buttons in the page's language", async () => {
    await act(async () => {
      render(<Gallery />);
    });
    const names = commonEn.picturePreview;
    for (const name of [
      names.flipY,
      names.flipX,
      names.rotateLeft,
      names.rotateRight,
      names.zoomIn,
      names.close,
    ]) {
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
    }
    // Zoom out starts disabled, still named.
    expect(screen.getByRole('button', { name: names.zoomOut })).toBeTruthy();
    // Ant Design's own names: its internal words.
    for (const name of ['flipY', 'flipX', 'rotateLeft', 'rotateRight', 'zoomOut', 'zoomIn', 'close']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
  });
});
