import { AlertCircle, CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** An inline notice; `destructive` is docs/product.md section 8's "red alert". */
export function Alert({
  variant = "default",
  title,
  children,
  className,
}: {
  variant?: "default" | "destructive" | "success";
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = variant === "success" ? CheckCircle2 : AlertCircle;
  return (
    <div
      role={variant === "destructive" ? "alert" : "status"}
      className={cn(
        "flex gap-3 rounded-lg border p-3 text-sm",
        variant === "destructive" && "border-red-200 bg-red-50 text-red-800",
        variant === "success" && "border-green-200 bg-green-50 text-green-800",
        variant === "default" && "border-brand-100 bg-brand-50 text-brand-900",
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
