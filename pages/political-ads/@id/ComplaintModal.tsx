import { useEffect, useRef, useState } from 'react'
import { showsErrors, useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { ComplaintReason } from '#shared/political-ads.ts'
import { FormLayer, ReasonLayer, ResultLayer } from './ComplaintLayers'
import { useComplaint } from './useComplaint'

type Layer = 'reason' | 'form' | 'result'

/**
 * Spec §4 complaint modal, a native modal dialog (focus moves in, stays in, Escape closes, focus returns
 * to the opener): one, the reason; two, the form with that reason (back returns to one); three, the result.
 */
export function ComplaintModal({ campaignId }: { campaignId: string }) {
  const t = useTranslate()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const [layer, setLayer] = useState<Layer>('reason')
  const [reason, setReason] = useState<ComplaintReason | null>(null)
  const [reasonMissing, setReasonMissing] = useState(false)
  // Issue 20 (WCAG 2.4.3, 4.1.3): moving between layers moves the focus into the new layer, so it is never
  // lost to the page: the chosen (or first) reason, the first field, or the result, which is then read out.
  const moved = useRef(false)
  const go = (next: Layer) => {
    moved.current = true
    setLayer(next)
  }
  const complaint = useComplaint(campaignId, reason, () => go('result'))
  // While the dialog's form shows errors (a reason not chosen, a field refused), the page's title says so.
  useErrorTitle((layer === 'reason' && reasonMissing) || (layer === 'form' && showsErrors(complaint.errors)))
  useEffect(() => {
    if (!moved.current || !dialog.current) return
    moved.current = false
    const target =
      layer === 'reason'
        ? (dialog.current.querySelector<HTMLElement>('input[name="reason"]:checked') ??
          dialog.current.querySelector<HTMLElement>('input[name="reason"]'))
        : layer === 'form'
          ? dialog.current.querySelector<HTMLElement>('input[name="name"]')
          : dialog.current.querySelector<HTMLElement>('#complaint-result')
    target?.focus()
  }, [layer])

  const open = () => {
    setLayer('reason')
    dialog.current?.showModal()
  }
  const close = () => dialog.current?.close()
  const onClosed = () => {
    setLayer('reason')
    setReasonMissing(false)
    complaint.setErrors({})
    opener.current?.focus()
  }

  return (
    <>
      <p className="section">
        <button ref={opener} type="button" className="button" onClick={open}>
          {t('political_ads.complaint.open')}
        </button>
      </p>
      <dialog ref={dialog} className="complaint-dialog" aria-labelledby="complaint-title" onClose={onClosed}>
        <button type="button" className="button button--secondary complaint-dialog__close" onClick={close}>
          {t('political_ads.complaint.close')}
        </button>
        <h2 id="complaint-title">{t('political_ads.complaint.title')}</h2>
        {layer === 'reason' && (
          <ReasonLayer
            reason={reason}
            missing={reasonMissing}
            choose={(option) => {
              setReason(option)
              setReasonMissing(false)
            }}
            refuse={() => setReasonMissing(true)}
            next={() => go('form')}
          />
        )}
        {layer === 'form' && reason && (
          <FormLayer reason={reason} complaint={complaint} back={() => go('reason')} />
        )}
        {layer === 'result' && <ResultLayer complaint={complaint} close={close} />}
      </dialog>
    </>
  )
}
