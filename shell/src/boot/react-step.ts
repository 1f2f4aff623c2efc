// Start-up's first step (main.tsx): React and React DOM, the largest modules of the shell's entry,
// evaluated in a task of their own.
export { startTransition } from 'react';
export { createRoot } from 'react-dom/client';
