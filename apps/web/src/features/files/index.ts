// Files attached to goals: upload with progress, chips, drag and drop, the run's files, My files.
export { AttachButton, AttachmentChips, useFileDrop } from './Attachments';
export { RunFiles } from './RunFiles';
export { fileDownloadUrl, type StoredFile, uploadFile } from './upload';
export { type Attachment, type AttachmentsControl, useAttachments } from './useAttachments';
