import {
  AppstoreAddOutlined,
  CheckCircleFilled,
  CheckOutlined,
  CloseOutlined,
  CodeOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { onboardingProgress, type OnboardingStep, type OnboardingStepId } from '../utils/onboarding-steps';
import './onboarding-card.css';

const ICONS: Record<OnboardingStepId, ReactNode> = {
  'create-widget': <AppstoreAddOutlined />,
  'install-snippet': <CodeOutlined />,
  'first-feedback': <MessageOutlined />,
};

/** Where each open step is taken: the widgets screen has the create button and each widget's snippet. */
const ACTIONS: Partial<Record<OnboardingStepId, string>> = {
  'create-widget': 'Create your first widget',
  'install-snippet': 'Get your snippet',
};

function StepItem({ step, number, current }: { step: OnboardingStep; number: number; current: boolean }) {
  const navigate = useNavigate();
  const action = ACTIONS[step.id];
  const state = step.done ? 'done' : current ? 'current' : 'waiting';
  return (
    <li className={`tb-onboarding-step tb-onboarding-step-${state}`}>
      <span className="tb-onboarding-icon" aria-hidden="true">
        {step.done ? <CheckOutlined /> : ICONS[step.id]}
      </span>
      <div className="tb-onboarding-body">
        <h3 className="tb-onboarding-title">
          <span className="tb-visually-hidden">{`Step ${number}:`}</span> {step.title}
        </h3>
        {step.done ? (
          <p className="tb-onboarding-done">
            <CheckCircleFilled aria-hidden="true" /> Done
          </p>
        ) : (
          <>
            <p className="tb-onboarding-hint">{step.hint}</p>
            {current && action && (
              <Button type="primary" onClick={() => void navigate(paths.widgets)}>
                {action}
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}

/**
 * Getting started, for a new owner: three steps that tick themselves as the owner takes them,
 * with "N of 3" done; the next open step carries the way to take it. Once all are done it says
 * so, and the owner may close it (it does not come back: the dashboard shows it only while a step
 * is open).
 */
export function OnboardingCard({ steps, onDismiss }: { steps: OnboardingStep[]; onDismiss: () => void }) {
  const complete = steps.every((step) => step.done);
  const current = steps.findIndex((step) => !step.done);
  const progress = onboardingProgress(steps);
  const title = complete ? 'You’re all set' : 'Get started with Tellbox';
  return (
    <Card
      className="tb-onboarding"
      title={<h2 className="tb-card-title">{title}</h2>}
      extra={
        complete ? (
          <Button type="text" icon={<CloseOutlined />} aria-label="Close getting started" onClick={onDismiss} />
        ) : undefined
      }
    >
      <div className="tb-onboarding-progress">
        <p className="tb-onboarding-count" aria-live="polite">
          <strong>{progress}</strong> steps done
        </p>
        <span className="tb-onboarding-bar" aria-hidden="true">
          {steps.map((step) => (
            <span key={step.id} className={step.done ? 'tb-onboarding-bar-done' : undefined} />
          ))}
        </span>
      </div>
      {complete && <p className="tb-onboarding-hint">Your widget is live and feedback is coming in.</p>}
      <ol className="tb-onboarding-steps">
        {steps.map((step, index) => (
          <StepItem key={step.id} step={step} number={index + 1} current={index === current} />
        ))}
      </ol>
    </Card>
  );
}
