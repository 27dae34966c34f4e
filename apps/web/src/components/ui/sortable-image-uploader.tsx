import { HolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { TImage, TUploadResponse } from '@caravan/contracts';
import {
  DndContext,
  type DragCancelEvent,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
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
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageLimitsText } from '../../lib/image-file';
import {
  nextUploadList,
  pictureUploadProps,
  useUploadRequests,
  withoutCancelledUpload,
} from './picture-upload-props';
import { type TUploadProblem, UploadProblem } from './upload-problem';
import { UploadTile } from './upload-tile';
import './upload-tile.css';
import './sortable-image-uploader.css';

export type TUploadItem = UploadFile<TUploadResponse>;

function SortableItem({
  id,
  moveLabel,
  children,
}: {
  id: string;
  /** The handle's name; none when there is nothing to reorder (a single picture). */
  moveLabel: string | undefined;
  children: ReactElement;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  // The picture drags by pointer anywhere on it, but the keyboard's control is its own handle: the picture holds
  // Ant Design's preview and remove buttons, and a focusable button around other buttons is announced as one
  // control whose inner ones cannot be reached (WCAG 4.1.2, nested interactive).
  return (
    <div
      ref={setNodeRef}
      className="cv-sortable-picture"
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        opacity: isDragging ? 0.6 : 1,
      }}
      {...listeners}
    >
      {children}
      {moveLabel !== undefined && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="cv-tile-corner-button cv-sortable-picture__handle"
          {...attributes}
          aria-label={moveLabel}
        >
          <HolderOutlined aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

export type TSortableImageUploaderProps = {
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
 * Picture uploads with progress, each cancelled while it uploads, removable before saving, reordered by dragging (or
 * with the keyboard: focus a picture, Space, arrows, Space). Used by the seller editor, shop settings and the
 * application.
 */
export function SortableImageUploader({
  files,
  onChange,
  max,
  moduleName,
  label,
  addText,
  failedText,
}: TSortableImageUploaderProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { t } = useTranslation(['common', 'errors']);
  const requests = useUploadRequests();
  const [problem, setProblem] = useState<TUploadProblem | null>(null);
  // Positions as people count them (1 = the cover), not the upload ids dnd-kit would announce.
  const position = (id: UniqueIdentifier | undefined) => files.findIndex((file) => file.uid === id) + 1;
  const accessibility = {
    screenReaderInstructions: { draggable: t('sortablePictures.instructions') },
    announcements: {
      onDragStart: ({ active }: DragStartEvent) =>
        t('sortablePictures.pickedUp', { position: position(active.id) }),
      onDragOver: ({ active, over }: DragOverEvent) =>
        over
          ? t('sortablePictures.over', { position: position(active.id), over: position(over.id) })
          : undefined,
      onDragEnd: ({ active, over }: DragEndEvent) =>
        over
          ? t('sortablePictures.dropped', { position: position(active.id), over: position(over.id) })
          : t('sortablePictures.cancelled', { position: position(active.id) }),
      onDragCancel: ({ active }: DragCancelEvent) =>
        t('sortablePictures.cancelled', { position: position(active.id) }),
    },
  };
  // Ant Design names a picture by its file: its alt text and tooltip read "687521a9…-480.webp". Each is named by its
  // field instead, with its place when the field holds several.
  const namedFiles = files.map((file, i) => ({
    ...file,
    name: max === 1 ? label : t('sortablePictures.name', { label, position: i + 1, count: files.length }),
  }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) {
      const from = files.findIndex((f) => f.uid === active.id);
      const to = files.findIndex((f) => f.uid === over.id);
      onChange(arrayMove(files, from, to));
    }
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={files.map((f) => f.uid)} strategy={rectSortingStrategy}>
        <Upload<TUploadResponse>
          {...pictureUploadProps(t, {
            moduleName,
            max,
            count: files.length,
            requests,
            onProblem: setProblem,
            failedText,
          })}
          fileList={namedFiles}
          itemRender={(node, file) => (
            <SortableItem
              id={file.uid}
              // With the field's name: a form can hold several picture fields (a shop's logo and its banner).
              moveLabel={
                files.length > 1
                  ? `${label}: ${t('sortablePictures.move', { position: position(file.uid) })}`
                  : undefined
              }
            >
              <UploadTile
                file={file}
                onCancel={() => onChange(withoutCancelledUpload(requests, files, file.uid))}
              >
                {node}
              </UploadTile>
            </SortableItem>
          )}
          onChange={({ file, fileList }) => {
            onChange(withUploadedPreviews(nextUploadList(fileList, file, max)));
          }}
          // How far each upload is, in figures: a thin bar alone read as "Uploading..." with no end in sight.
          progress={{ size: [-1, 3], showInfo: true, format: (percent) => `${Math.round(percent ?? 0)}%` }}
        >
          {files.length >= max ? null : (
            <button
              type="button"
              // Starts with the visible text, so someone who speaks to the page can say what they see (WCAG 2.5.3).
              aria-label={`${addText}: ${label}`}
              style={{ border: 0, background: 'none', cursor: 'pointer' }}
            >
              <PlusOutlined aria-hidden />
              <div style={{ marginBlockStart: 8 }}>{addText}</div>
            </button>
          )}
        </Upload>
        <div className="cv-upload-limits">{imageLimitsText(t)}</div>
        <UploadProblem problem={problem} />
      </SortableContext>
    </DndContext>
  );
}

/**
 * Finished uploads shown by the uploaded picture itself. Ant Design draws a preview from the local file into the file
 * object, which this controlled list copies on every render, so with several uploads at once some tiles kept a blank
 * icon and the seller could not tell the pictures apart.
 */
export function withUploadedPreviews(files: TUploadItem[]): TUploadItem[] {
  return files.map((file) =>
    file.status === 'done' && file.response?.url && !file.url
      ? { ...file, url: file.response.url, thumbUrl: file.response.url }
      : file,
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
