import type { GlobalSettingsPayload } from '@stellar/shared';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useGlobalSettings } from '../api/get-global-settings';
import { GlobalSettingsForm } from './global-settings-form';
import { SectionHeading } from './section-heading';

/** Global Product Settings: HWID reset, settings access and the reset cooldown, for every licence. */
export function GlobalSettingsSection() {
  const settings = useGlobalSettings();
  return (
    <>
      <SectionHeading
        title="Global Product Settings"
        description="What members may do with their licences, on every product."
      />
      {settings.isPending ? (
        <Skeleton className="h-72 max-w-2xl" />
      ) : settings.isError ? (
        <Alert tone="error" title="The settings could not be loaded.">
          {getErrorMessage(settings.error)}
        </Alert>
      ) : (
        <GlobalSettingsForm initial={settings.data satisfies GlobalSettingsPayload} />
      )}
    </>
  );
}
