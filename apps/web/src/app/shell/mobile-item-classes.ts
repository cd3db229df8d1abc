export const mobileItemClasses =
  'flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg';
