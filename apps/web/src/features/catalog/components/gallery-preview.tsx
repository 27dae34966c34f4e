import type { TImage } from '@caravan/contracts';
import { Image } from 'antd';

/** Ant Design's full-screen picture viewer (zoom, arrows, Escape), loaded when the buyer first opens it. */
export default function GalleryPreview({
  images,
  name,
  active,
  isOpen,
  onOpenChange,
  onChange,
}: {
  images: TImage[];
  name: string;
  active: number;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onChange: (index: number) => void;
}) {
  return (
    <Image.PreviewGroup
      items={images.map((image) => ({ src: image.url, alt: name }))}
      preview={{ open: isOpen, current: active, onOpenChange, onChange }}
    />
  );
}
