import { useNavigate, Link } from 'react-router';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { toast } from '../../components/toast.tsx';
import { applyServerErrors } from '../../features/auth/formErrors.ts';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_LIMITS,
  supportTicketRequest,
  type SupportTicketRequest,
} from '../../../core/protocol/support.ts';
import './support.css';
import { callResponse } from '../../api/call.ts';
import { supportTicketCreate } from '../../../core/protocol/routes/player.ts';
import { categoryTitle, t } from './i18n/supportText.ts';

// /profile/support/create: subject, category and the first message (limits in core/protocol/support.ts).
export default function CreateTicketPage() {
  const navigate = useNavigate();
  const form = useFormEngine<SupportTicketRequest>(supportTicketRequest, {
    defaultValues: { subject: '', category: 'account', message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await callResponse(supportTicketCreate, { body: values });
      toast.success(res.data.msg);
      await navigate(`/profile/support?ticket=${res.data.data.id}`);
    } catch (error) {
      applyServerErrors(error, form.setError, ['subject', 'category', 'message']);
      toast.error(apiErrorText(error));
    }
  });

  return (
    <div className="support">
      <form className="support-create" onSubmit={submit} noValidate aria-label={t('newTicketTitle')}>
        <h2>{t('newTicketTitle')}</h2>
        <TextInput label={t('subject')} maxLength={SUPPORT_LIMITS.subjectMax} error={errors.subject?.message} {...form.register('subject')} />
        <div className="text-input">
          <label className="text-input__label" htmlFor="support-category">
            {t('category')}
          </label>
          <select id="support-category" className="support-select" {...form.register('category')}>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryTitle(c)}
              </option>
            ))}
          </select>
        </div>
        <label className="text-input__label" htmlFor="support-message">
          {t('message')}
        </label>
        <textarea id="support-message" className="support-textarea" rows={7} maxLength={SUPPORT_LIMITS.messageMax} aria-invalid={errors.message ? true : undefined} {...form.register('message')} />
        {errors.message && <span className="support-error">{errors.message.message}</span>}
        <small className="support-hint">
          {t('messageHint', { min: SUPPORT_LIMITS.messageMin, max: SUPPORT_LIMITS.messageMax })}
        </small>
        <div className="support-create__actions">
          <Link to="/profile/support">{t('cancel')}</Link>
          <Button type="submit" loading={isSubmitting}>
            {t('createTicket')}
          </Button>
        </div>
      </form>
    </div>
  );
}
