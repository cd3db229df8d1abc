// The integrations feature's public surface: the panels mount this section.
export { IntegrationsSection } from './components/integrations-section';
