import { describe, expect, it } from 'vitest';
import * as engine from './index';

describe('@flows/engine', () => {
  it('exports the names other packages call', () => {
    const names = [
      'parseTaskList',
      'fallbackTasks',
      'planTasks',
      'isWebsiteTask',
      'isDeployTask',
      'isHtmlDocument',
      'wrapHtmlDocument',
      'flowCallDelay',
      'FLOW_CALL_ATTEMPTS',
      'taskRetryDelay',
      'extractFlowResult',
      'splitThinking',
      'formatExport',
      'exportFileName',
      'extractCodeBlocks',
      'classifyPreview',
      'buildPreviewDocument',
      'languageFromFilename',
      'nextGeneratedFileName',
      'formatHistoryTime',
      'formatStepTime',
      'FLOW_TIMING',
      'createFlowState',
      'flowReducer',
      'FLOW_TEXT',
      'taskListPrompt',
      'taskPrompt',
      'summaryPrompt',
    ];
    for (const name of names) expect(engine, name).toHaveProperty(name);
  });
});
