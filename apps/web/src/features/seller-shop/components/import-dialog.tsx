import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_FILE_MAX_BYTES, type TImportJob } from '@caravan/contracts';
import { Alert, Button, Modal, Progress, Space, Upload } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { useIsNarrowerThan } from '../../../lib/use-is-narrower-than';
import { useImportJob } from '../api';

const IMPORT_EXTENSIONS = ['.csv', '.xlsx'];
const IMPORT_ACCEPT = `${IMPORT_EXTENSIONS.join(',')},text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`;

/**
 * Why a chosen or dropped file cannot be imported, or null: checked before sending. Ant Design's own filter dropped a
 * file of another kind without a word, and a file over the limit went up whole before being refused.
 */
function importFileProblem(t: TFunction, file: { name: string; size: number }): string | null {
  if (!IMPORT_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension))) {
    return t('import.wrongType', { name: file.name });
  }
  if (file.size > IMPORT_FILE_MAX_BYTES) {
    return t('import.tooLarge', { max: `${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB` });
  }
  return null;
}

/** How far an import is: the rows the server has processed (it reports them batch by batch) of the file's rows. */
function ImportProgress({ job }: { job: TImportJob }) {
  const { t } = useTranslation('seller');
  const processed = job.status === 'done' ? job.totalRows : job.processedRows;
  const percent = job.totalRows > 0 ? Math.floor((processed / job.totalRows) * 100) : 0;
  const rows = t('import.rowsProgress', { processed, count: job.totalRows });
  return (
    <div>
      <Progress
        percent={job.status === 'done' ? 100 : percent}
        status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
        aria-label={rows}
      />
      <span className="cv-muted">{rows}</span>
    </div>
  );
}

/** The file going up, then the server reading it (it answers with the job once the file is read). */
function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation('seller');
  const text = percent >= 100 ? t('import.reading') : t('import.uploading');
  return (
    <div>
      <Progress percent={percent} status="active" aria-label={text} />
      <span className="cv-muted">{text}</span>
    </div>
  );
}

/** Uploads a CSV or XLSX file of products; shows progress and the refused rows with their reasons. */
export function ImportDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation(['seller', 'common']);
  const [jobId, setJobId] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** The share of the file sent so far, while it is being sent. */
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const job = useImportJob(jobId);
  const data = job.data;
  return (
    <Modal
      open={isOpen}
      title={t('import.title')}
      onCancel={onClose}
      afterClose={() => {
        setJobId(null);
        setUploadError(null);
        setUploadPercent(null);
      }}
      footer={<Button onClick={onClose}>{t('import.close')}</Button>}
      width={720}
    >
      <Space orientation="vertical" style={{ inlineSize: '100%' }}>
        <Space wrap>
          <a href="/api/v1/seller/products/import-template?format=csv" download>
            {t('import.templateCsv')}
          </a>
          <a href="/api/v1/seller/products/import-template?format=xlsx" download>
            {t('import.templateXlsx')}
          </a>
        </Space>
        <Upload.Dragger
          name="file"
          accept={{ format: IMPORT_ACCEPT, filter: 'native' }}
          beforeUpload={(file) => {
            const problem = importFileProblem(t, file);
            setUploadError(problem);
            return problem ? Upload.LIST_IGNORE : true;
          }}
          action={`/api/v1/seller/products/import?lang=${encodeURIComponent(i18next.language || 'en')}`}
          withCredentials
          maxCount={1}
          showUploadList={false}
          disabled={data?.status === 'running' || uploadPercent !== null}
          onChange={({ file }) => {
            if (file.status === 'uploading') {
              setUploadPercent(Math.floor(file.percent ?? 0));
              return;
            }
            setUploadPercent(null);
            if (file.status === 'done') {
              setUploadError(null);
              setJobId((file.response as TImportJob).id);
            } else if (file.status === 'error') {
              const response = file.response as { error?: { message?: string } } | undefined;
              setUploadError(response?.error?.message ?? t('upload.failed'));
            }
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p>{t('import.drop')}</p>
          <p className="ant-upload-hint">{t('import.hint')}</p>
        </Upload.Dragger>
        {uploadError ? <Alert type="error" showIcon title={uploadError} /> : null}
        {uploadPercent !== null ? <UploadProgress percent={uploadPercent} /> : null}
        {data && uploadPercent === null ? (
          <>
            <ImportProgress job={data} />
            {data.failure ? <Alert type="error" showIcon title={data.failure.message} /> : null}
            {data.status === 'done' ? (
              <Alert
                type={data.refusedRows > 0 ? 'warning' : 'success'}
                showIcon
                // Counted texts, each with its plural forms: one sentence with both numbers read "1 products saved".
                title={t('import.saved', { count: data.savedProducts })}
                description={
                  <ul className="cv-import-summary" style={{ margin: 0, paddingInlineStart: 20 }}>
                    <li>{t('import.created', { count: data.createdProducts })}</li>
                    <li>{t('import.updated', { count: data.updatedProducts })}</li>
                    {data.refusedRows > 0 ? (
                      <li>{t('import.refused', { count: data.refusedRows })}</li>
                    ) : null}
                  </ul>
                }
              />
            ) : null}
            {data.status === 'done' && data.createdWithoutCode > 0 ? (
              // Such rows add a product at every import: a corrected file sent again doubles them (QA seller 7).
              <Alert type="warning" showIcon title={t('import.withoutCode')} />
            ) : null}
            {data.errors.length > 0 ? <RefusedRowsTable errors={data.errors} /> : null}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}

/**
 * The refused rows with their reasons. Where the dialog is narrow (a phone) the field goes above its reason in one
 * column: three columns left the reason about 50 px, a short Arabic reason wrapped over three lines.
 */
function RefusedRowsTable({ errors }: { errors: TImportJob['errors'] }) {
  const { t } = useTranslation('seller');
  const box = useRef<HTMLDivElement>(null);
  const isNarrow = useIsNarrowerThan(box, 480);
  return (
    <div ref={box}>
      <DataTable
        size="small"
        rowKey={(r) => `${r.row}-${r.field}`}
        dataSource={errors}
        pagination={{ pageSize: 10 }}
        columns={
          isNarrow
            ? [
                { title: t('import.row'), dataIndex: 'row', width: 56 },
                {
                  title: t('import.reason'),
                  dataIndex: 'message',
                  render: (message: string, r) => (
                    <>
                      <div className="cv-muted" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                        {r.field}
                      </div>
                      <div>{message}</div>
                    </>
                  ),
                },
              ]
            : [
                { title: t('import.row'), dataIndex: 'row', width: 80 },
                { title: t('import.field'), dataIndex: 'field', width: 160 },
                { title: t('import.reason'), dataIndex: 'message' },
              ]
        }
      />
    </div>
  );
}
