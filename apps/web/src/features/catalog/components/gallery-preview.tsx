import type { TImage } from '@caravan/contracts';
import { Image } from 'antd';
import { usePicturePreview } from '../../../components/ui/picture-preview';

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
  const picturePreview = usePicturePreview();
  return (
    <Image.PreviewGroup
      items={images.map((image) => ({ src: image.url, alt: name }))}
      preview={{ ...picturePreview, open: isOpen, current: active, onOpenChange, onChange }}
    />
  );
}
