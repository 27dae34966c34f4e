import { PlusOutlined } from '@ant-design/icons';
import type { TImage, TUploadResponse } from '@caravan/contracts';
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { Upload, type UploadFile } from 'antd';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { toast } from '../../lib/toast';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

export type TUploadItem = UploadFile<TUploadResponse>;

function SortableItem({ id, children }: { id: string; children: ReactElement }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        cursor: 'move',
        opacity: isDragging ? 0.6 : 1,
        blockSize: '100%',
      }}
      {...attributes}
      {...listeners}
    >
      {children}
    </div>
  );
}

type TProps = {
  files: TUploadItem[];
  onChange: (files: TUploadItem[]) => void;
  max: number;
  moduleName: string;
  /** Accessible name of the add button. */
  label: string;
  addText: string;
  failedText: string;
};

/**
 * Picture uploads with progress, removable before saving, reordered by dragging (or with the keyboard:
 * focus a picture, Space, arrows, Space). Used by the seller editor, shop settings and the application.
 */
export function SortableImageUploader({
  files,
  onChange,
  max,
  moduleName,
  label,
  addText,
  failedText,
}: TProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) {
      const from = files.findIndex((f) => f.uid === active.id);
      const to = files.findIndex((f) => f.uid === over.id);
      onChange(arrayMove(files, from, to));
    }
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <SortableContext items={files.map((f) => f.uid)} strategy={rectSortingStrategy}>
        <Upload<TUploadResponse>
          listType="picture-card"
          accept={ACCEPT}
          action={`/api/v1/uploads?lang=${encodeURIComponent(i18next.language || 'en')}`}
          name="file"
          data={{ moduleName }}
          withCredentials
          multiple
          maxCount={max}
          fileList={files}
          itemRender={(node, file) => <SortableItem id={file.uid}>{node}</SortableItem>}
          onChange={({ file, fileList }) => {
            if (file.status === 'error') {
              const response = file.response as { error?: { message?: string } } | undefined;
              toast.error(response?.error?.message ?? failedText);
              onChange(fileList.filter((item) => item.uid !== file.uid));
              return;
            }
            onChange(fileList);
          }}
        >
          {files.length >= max ? null : (
            <button
              type="button"
              aria-label={label}
              style={{ border: 0, background: 'none', cursor: 'pointer' }}
            >
              <PlusOutlined />
              <div style={{ marginBlockStart: 8 }}>{addText}</div>
            </button>
          )}
        </Upload>
      </SortableContext>
    </DndContext>
  );
}

/** Upload references (the answered url) of finished uploads, in the order shown. */
export function uploadedRefs(files: TUploadItem[]): string[] {
  return files.flatMap((file) => (file.status === 'done' && file.response?.url ? [file.response.url] : []));
}

export function isUploading(files: TUploadItem[]): boolean {
  return files.some((file) => file.status === 'uploading');
}

/** Stored pictures as finished upload items, so an edit starts with them. */
export function toUploadItems(images: TImage[]): TUploadItem[] {
  return images.map((image, i) => ({
    uid: `stored-${i}-${image.url}`,
    name: image.url.split('/').pop() ?? 'image',
    status: 'done',
    url: image.url,
    thumbUrl: image.url,
    response: image,
  }));
}
