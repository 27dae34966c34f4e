/** Why a picture was not taken: the file's name and the reason (its type, its size, the server's refusal). */
export type TUploadProblem = { fileName: string; message: string };

/**
 * A refused upload, said under its field until the next file is chosen: in a toast it vanished before it was read,
 * and the field showed no sign of which file had failed (QA).
 */
export function UploadProblem({ problem }: { problem: TUploadProblem | null }) {
  if (!problem) {
    return null;
  }
  return (
    <div className="cv-field-error" role="alert">
      <bdi>{problem.fileName}</bdi>: {problem.message}
    </div>
  );
}
