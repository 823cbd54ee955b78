import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { island } from '../islands/island.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import styles from './test-mode-ribbon.module.css';

/**
 * 'Test mode' in the corner of every page while payments are simulated (the sandbox processor), so
 * nobody mistakes a staging site for the real one. Read after load: prerendered pages stay static.
 */
export const TestModeRibbon = island('TestModeRibbon', function TestModeRibbon() {
  const t = useT();
  const [testMode, setTestMode] = useState(false);
  useEffect(() => {
    let active = true;
    getPublicConfig()
      .then((config) => {
        if (active) setTestMode(config.testMode);
      })
      // Without the config there is nothing to say; payment screens check the provider themselves.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (!testMode) return null;
  return (
    <div className={styles.ribbon} role="note">
      {t('common.testMode.label')}
      <span className="visually-hidden">{t('common.testMode.explanation')}</span>
    </div>
  );
});
