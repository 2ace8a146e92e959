import { useCallback, useEffect, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import {
  canPreview,
  ExtractionError,
  extractTeacherUpload,
  isAllowedUpload,
  type TExtractionStage,
} from '../../lib/images';

/**
 * The work being uploaded: the file, its preview, the stage of extraction and the editable text.
 * Any processing error clears the file, the preview and the text (spec 02 §4 Teacher upload).
 */
export function useWorkFile() {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [text, setText] = useState('');
  /** The OCR confidence of the extracted text, sent with it (issue 17). */
  const [confidence, setConfidence] = useState<number | undefined>(undefined);
  const [stage, setStage] = useState<TExtractionStage | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Each preview URL holds the image in memory until it is revoked.
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const clear = useCallback(() => {
    setFile(null);
    setPreviewUrl(null);
    setText('');
    setConfidence(undefined);
    setStage(null);
  }, []);

  const choose = useCallback(
    async (chosen: File) => {
      setError(null);
      if (!isAllowedUpload(chosen)) {
        clear();
        setError(MESSAGES.upload.unsupportedType);
        return;
      }
      setFile(chosen);
      setText('');
      setConfidence(undefined);
      setPreviewUrl(canPreview(chosen) ? URL.createObjectURL(chosen) : null);
      try {
        const extracted = await extractTeacherUpload(chosen, setStage);
        setText(extracted.text);
        setConfidence(extracted.confidence);
        setStage(null);
      } catch (problem) {
        clear();
        setError(
          problem instanceof ExtractionError ? problem.message : MESSAGES.upload.processingError,
        );
      }
    },
    [clear],
  );

  const reset = useCallback(() => {
    clear();
    setError(null);
  }, [clear]);

  return {
    file,
    previewUrl,
    text,
    setText,
    confidence,
    stage,
    error,
    setError,
    choose,
    clear,
    reset,
  };
}
