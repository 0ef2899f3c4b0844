import { describe, expect, it } from 'vitest';
import { extensionForLanguage, languageFromFilename, nextGeneratedFileName } from './files';

describe('languageFromFilename', () => {
  it('maps extensions to editor languages', () => {
    expect(languageFromFilename('app.js')).toBe('javascript');
    expect(languageFromFilename('App.JSX')).toBe('javascript');
    expect(languageFromFilename('a.ts')).toBe('typescript');
    expect(languageFromFilename('a.tsx')).toBe('typescript');
    expect(languageFromFilename('index.html')).toBe('html');
    expect(languageFromFilename('s.css')).toBe('css');
    expect(languageFromFilename('d.json')).toBe('json');
    expect(languageFromFilename('README.md')).toBe('markdown');
    expect(languageFromFilename('x.py')).toBe('python');
    expect(languageFromFilename('x.rb')).toBe('plaintext');
    expect(languageFromFilename('Makefile')).toBe('plaintext');
    expect(languageFromFilename('')).toBe('plaintext');
  });
});

describe('extensionForLanguage', () => {
  it('follows the spec map, txt by default', () => {
    const cases: [string, string][] = [
      ['javascript', 'js'],
      ['typescript', 'ts'],
      ['html', 'html'],
      ['css', 'css'],
      ['python', 'py'],
      ['java', 'java'],
      ['ruby', 'rb'],
      ['go', 'go'],
      ['rust', 'rs'],
      ['jsx', 'jsx'],
      ['tsx', 'tsx'],
      ['markdown', 'md'],
      ['json', 'json'],
      ['xml', 'xml'],
      ['sql', 'sql'],
      ['yaml', 'yaml'],
      ['plaintext', 'txt'],
      [' JS ', 'js'],
      ['brainfuck', 'txt'],
    ];
    for (const [language, extension] of cases)
      expect(extensionForLanguage(language)).toBe(extension);
  });
});

describe('nextGeneratedFileName', () => {
  it('gives index.html then page{n}.html', () => {
    expect(nextGeneratedFileName('html', [])).toBe('index.html');
    expect(nextGeneratedFileName('html', ['index.html'])).toBe('page1.html');
    expect(nextGeneratedFileName('html', ['index.html', 'page1.html', 'styles.css'])).toBe(
      'page2.html',
    );
  });

  it('gives styles.css then styles{n}.css and script.js then script{n}.js', () => {
    expect(nextGeneratedFileName('css', ['index.html'])).toBe('styles.css');
    expect(nextGeneratedFileName('css', ['styles.css'])).toBe('styles1.css');
    expect(nextGeneratedFileName('javascript', [])).toBe('script.js');
    expect(nextGeneratedFileName('js', ['script.js', 'SCRIPT1.JS'])).toBe('script2.js');
  });

  it('gives file{n}.{ext} for other languages, n the count of that extension', () => {
    expect(nextGeneratedFileName('python', [])).toBe('file0.py');
    expect(nextGeneratedFileName('python', ['a.py'])).toBe('file1.py');
    expect(nextGeneratedFileName('unknown', ['notes.txt'])).toBe('file1.txt');
  });

  it('skips a name that is already taken', () => {
    expect(nextGeneratedFileName('html', ['index.html', 'page2.html'])).toBe('page3.html');
    expect(nextGeneratedFileName('python', ['file1.py'])).toBe('file2.py');
  });
});
