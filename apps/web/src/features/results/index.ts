// Results people can read and run: Markdown, executable code blocks, website previews.
export { CodeView } from './CodeView';
export { ExecutableCodeBlock } from './ExecutableCodeBlock';
export { ResultMarkdown, StreamingMarkdown } from './LazyMarkdown';
export { plainTextGlimpse } from './markdownText';
export { PreviewPanelProvider } from './PreviewPanel';
export { DEFAULT_PREVIEW_TITLE, usePreviewPanel } from './previewPanelContext';
export { ResultContent } from './ResultContent';
export { WebsitePreviewCard } from './WebsitePreviewCard';
