import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no layout; the shell's scroll restoration (and React Router's) calls this on navigations.
window.scrollTo = () => {};
