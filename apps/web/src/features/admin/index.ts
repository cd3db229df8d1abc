// The admin feature's public surface. The router loads routes/admin-panel lazily, on its own.
export { ImpersonationBannerSlot as ImpersonationBanner } from './components/impersonation-banner-slot';
